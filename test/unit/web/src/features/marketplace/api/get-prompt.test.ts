/** @vitest-environment happy-dom */
/**
 * The Get prompt dialog's read (web/src/features/marketplace/api/get-prompt.ts) through the app's query client
 * defaults (web/src/lib/react-query.ts) over the real callApi with a stubbed fetch: passing failures are retried with
 * the spec's defaults, refusals are not, answers are kept for 5 minutes, and a closed dialog stops asking.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/contract/api';
import type { PromptRequest } from '@shared/contract/schemas/prompt';
import { getPromptQueryOptions, usePrompt } from '../../../../../../../web/src/features/marketplace/api/get-prompt';
import { setConfig } from '../../../../../../../web/src/lib/config';
import { queryConfig } from '../../../../../../../web/src/lib/react-query';
import { settle } from '../../../../../../helpers/settle';

type Answer = { status: number; body: unknown } | 'network-error';
const requests: { url: string; body: unknown; at: number }[] = [];
let answers: Answer[] = [];
let began = 0;
let client: QueryClient;

const request: PromptRequest = { appId: 'ai-system-prompt-generator', fieldId: 'healthcare', subcategoryId: 'medical-offices', productId: 'schedule-assistant' };
const fetchPrompt = (r: PromptRequest) => client.fetchQuery(getPromptQueryOptions(r));
const cachedPrompt = (r: PromptRequest) => client.getQueryData(getPromptQueryOptions(r).queryKey);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
  began = Date.now();
  client = new QueryClient({ defaultOptions: queryConfig });
  requests.length = 0;
  setConfig({ stage: 'test', apiUrl: 'http://api.test', auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c', authFlowType: 'USER_PASSWORD_AUTH' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, body: JSON.parse(String(init.body)), at: Date.now() - began });
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)] ?? 'network-error';
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('fetching a purchased prompt', () => {
  it('survives a prompt service that fails once (502): asked again after 1 s, the prompt arrives', async () => {
    answers = [{ status: 502, body: { message: 'The prompt service is not available right now (status 500). Please try again later.' } }, { status: 200, body: { prompt: 'You are the Schedule Assistant.' } }];
    const outcome = settle(fetchPrompt(request));
    await vi.advanceTimersByTimeAsync(999);
    expect(outcome.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({ status: 'resolved', value: 'You are the Schedule Assistant.' });
    expect(requests.map((r) => [r.url, r.at])).toEqual([
      [`http://api.test${routes.getPrompt.path}`, 0],
      [`http://api.test${routes.getPrompt.path}`, 1000],
    ]);
    expect(requests[1]?.body).toEqual(request);
  });

  it('gives up after 3 retries of a network failure (1 s, 2 s, 4 s), so the dialog can show its error', async () => {
    answers = ['network-error'];
    const outcome = settle(fetchPrompt(request));
    await vi.advanceTimersByTimeAsync(7000);
    expect(outcome.status).toBe('rejected');
    expect(outcome.error).toMatchObject({ name: 'ApiError', status: 0 });
    expect(requests.map((r) => r.at)).toEqual([0, 1000, 3000, 7000]);
  });

  it('does not ask again after a refusal (403: no purchase on record)', async () => {
    answers = [{ status: 403, body: { message: 'We could not find a completed purchase of this app.' } }, { status: 200, body: { prompt: 'never' } }];
    const outcome = settle(fetchPrompt(request));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(outcome.error).toMatchObject({ status: 403 });
    expect(requests).toHaveLength(1);
  });

  it('shows a prompt fetched in the last 5 minutes without asking; other choices are asked for', async () => {
    answers = [{ status: 200, body: { prompt: 'first' } }, { status: 200, body: { prompt: 'second' } }];
    expect(cachedPrompt(request)).toBeUndefined();
    await expect(fetchPrompt(request)).resolves.toBe('first');
    expect(cachedPrompt({ ...request })).toBe('first');
    await expect(fetchPrompt({ ...request })).resolves.toBe('first');
    expect(requests).toHaveLength(1);
    await expect(fetchPrompt({ ...request, productId: 'patient-faq-bot' })).resolves.toBe('second');
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(cachedPrompt(request)).toBeUndefined();
  });

  it('an answer without a prompt is neither retried nor cached', async () => {
    answers = [{ status: 200, body: { nothing: true } }, { status: 200, body: { prompt: 'now' } }];
    await expect(fetchPrompt(request)).rejects.toThrow('The prompt service answered without a prompt.');
    expect(requests).toHaveLength(1);
    await expect(fetchPrompt(request)).resolves.toBe('now');
  });

  it('closing the dialog while it waits to retry stops asking', async () => {
    answers = [{ status: 503, body: {} }];
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const dialog = renderHook(() => usePrompt(request), { wrapper });
    await vi.advanceTimersByTimeAsync(1500);
    expect(requests).toHaveLength(2);
    expect(dialog.result.current.isPending).toBe(true);
    dialog.unmount();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(2);
  });
});
