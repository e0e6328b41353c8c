import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/deployment/manifest';
import { setConfig } from '../../../web/src/lib/config';
import { resetToasts, useToastStore } from '../../../web/src/lib/toast';
import { fileToUploadItem, sendToAutomationWebhook } from '../../../web/src/features/webhook-helper';

const requests: { url: string; body: unknown }[] = [];
let answer: { status: number; body: unknown } | 'network-error' = { status: 200, body: {} };

beforeEach(() => {
  requests.length = 0;
  resetToasts();
  setConfig({ stage: 'test', apiUrl: 'http://api.test', auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c', authFlowType: 'USER_PASSWORD_AUTH' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, body: JSON.parse(String(init.body)) });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const toasts = () => useToastStore.getState().toasts.map(({ title, description, variant }) => ({ title, description, variant }));

describe('the webhook helper client', () => {
  it("sends { webhookType: 'test', data, files } with base64 files and answers the webhook's data", async () => {
    answer = { status: 200, body: { webhookType: 'test', status: 200, data: { runId: 42 } } };
    const file = new File([new Uint8Array([104, 105, 0, 255])], 'notes.txt', { type: 'text/plain' });
    await expect(sendToAutomationWebhook({ data: { lead: 'Ada' }, files: [file] })).resolves.toEqual({ runId: 42 });
    expect(requests).toEqual([
      {
        url: `http://api.test${routes.sendToAutomationWebhook.path}`,
        body: { webhookType: 'test', data: { lead: 'Ada' }, files: [{ name: 'notes.txt', type: 'text/plain', size: 4, data: 'aGkA/w==' }] },
      },
    ]);
    expect(toasts()).toEqual([{ title: 'Data sent successfully', description: 'Your data was sent to the test webhook.', variant: 'default' }]);
  });

  it('names the prod webhook in its success toast', async () => {
    answer = { status: 200, body: { webhookType: 'prod', status: 200, data: null } };
    await sendToAutomationWebhook({ webhookType: 'prod' });
    expect(requests[0]?.body).toMatchObject({ webhookType: 'prod' });
    expect(toasts()[0]?.description).toBe('Your data was sent to the prod webhook.');
  });

  it("shows 'Error sending data' with the server's message and rejects", async () => {
    answer = { status: 502, body: { message: 'Failed to send data to the prod webhook.' } };
    await expect(sendToAutomationWebhook({ webhookType: 'prod', data: {} })).rejects.toThrow('Failed to send data to the prod webhook.');
    expect(toasts()).toEqual([{ title: 'Error sending data', description: 'Failed to send data to the prod webhook.', variant: 'destructive' }]);
  });

  it("falls back to 'Failed to send data to webhook.' when the error has no message", async () => {
    vi.stubGlobal('fetch', async () => {
      throw Object.assign(new Error(''), { name: 'AbortError' });
    });
    await expect(sendToAutomationWebhook({ data: {} })).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts()).toEqual([{ title: 'Error sending data', description: 'Failed to send data to webhook.', variant: 'destructive' }]);
  });

  it("sends a file that cannot be read as { name, error: 'Failed to encode file' }", async () => {
    const unreadable = new File(['x'], 'locked.pdf', { type: 'application/pdf' });
    Object.defineProperty(unreadable, 'arrayBuffer', { value: () => Promise.reject(new DOMException('NotReadableError')) });
    expect(await fileToUploadItem(unreadable)).toEqual({ name: 'locked.pdf', error: 'Failed to encode file' });
  });
});
