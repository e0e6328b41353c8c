/** The prompt studio's rules (issue 40) on in-memory ports: who may open it, versions, limits, the prompt webhook. */
import { describe, expect, it } from 'vitest';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { studioMessages } from '@shared/contract/schemas/prompt-studio/requests';
import { newBrowserKey } from '../../../../../lambdas/domain/purchases/browser-binding';
import { promptFor } from '../../../../../lambdas/domain/prompts/prompt-source';
import { downloadFile, keepAnswers, KEEPS_PER_HOUR, newVersion, openStudio, VERSIONS_PER_WINDOW } from '../../../../../lambdas/domain/prompt-studio/studio';
import { STUDIO_WEBHOOK_SCHEMA_VERSION } from '../../../../../lambdas/domain/prompt-studio/webhook';
import { writeTailoredPrompt } from '../../../../../lambdas/domain/prompt-studio/writer';
import { agentAnswers, contentAnswers, supportAnswers } from '../../../../helpers/studio-answers';
import { studioFor } from './studio-deps';

describe('prompt studio: who may open it', () => {
  it('opens for the browser that paid, and for nobody else, with the purchase’s own messages', async () => {
    const { deps, buyer, sessionId, purchases } = await studioFor('ai-content-generator');
    const state = await openStudio({ sessionId }, buyer, deps);
    expect(state).toMatchObject({ purchase: { sessionId, appId: 'ai-content-generator', appName: 'AI Content Generator' }, versions: [] });
    expect(state.answers).toMatchObject({ appId: 'ai-content-generator', brand: { name: '' } });
    await expect(openStudio({ sessionId }, { browserKey: newBrowserKey() }, deps)).rejects.toThrow(purchaseMessages.otherBrowser);
    await expect(openStudio({ sessionId }, { browserKey: undefined }, deps)).rejects.toThrow(purchaseMessages.otherBrowser);
    await expect(openStudio({ sessionId }, { userId: 'c0ffee00-0000-4000-8000-000000000009' }, deps)).rejects.toThrow(purchaseMessages.notInAccount);
    await expect(openStudio({ sessionId: 'cs_test_unknown' }, buyer, deps)).rejects.toThrow(/could not verify your purchase/);
    purchases.rows.set(sessionId, { ...purchases.rows.get(sessionId)!, status: 'refunded' });
    await expect(openStudio({ sessionId }, buyer, deps)).rejects.toThrow(purchaseMessages.refunded);
    await expect(newVersion({ sessionId, source: 'answers', answers: contentAnswers() }, buyer, deps)).rejects.toThrow(purchaseMessages.refunded);
    await expect(downloadFile({ sessionId, version: 1, format: 'md' }, buyer, deps)).rejects.toThrow(purchaseMessages.refunded);
  });

  it('opens for the account the purchase is in, on any device', async () => {
    const userId = 'c0ffee00-0000-4000-8000-000000000001';
    const { deps, sessionId } = await studioFor('ai-customer-support', { userId });
    await newVersion({ sessionId, source: 'answers', answers: supportAnswers() }, { userId }, deps);
    expect((await openStudio({ sessionId }, { userId }, deps)).version?.text).toContain('Parcelo');
  });

  it('has no form for the AI agent package (a subscription, not an app)', async () => {
    const { deps, buyer, sessionId } = await studioFor('ai-agent-package');
    await expect(openStudio({ sessionId }, buyer, deps)).rejects.toThrow(studioMessages.notStudioApp);
  });
});

describe('prompt studio: answers and versions', () => {
  it('refuses answers its app’s schema refuses, with a message per field, and saves nothing', async () => {
    const { deps, buyer, sessionId, studio } = await studioFor('ai-system-prompt-generator');
    const bad = agentAnswers({}, { business: { name: '', website: 'not a site', location: 'x', hours: 'y' } });
    const refused = await newVersion({ sessionId, source: 'answers', answers: { ...bad, offerings: [{ name: 'A', price: '<b>1</b>', details: '' }] } }, buyer, deps).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'invalid', fieldErrors: { 'business.name': ['Please enter the name of the business.'], 'business.website': ['Please enter a web address, like example.com.'], 'offerings.0.price': ['Price must not contain HTML tags.'] } });
    await expect(newVersion({ sessionId, source: 'answers', answers: contentAnswers() }, buyer, deps)).rejects.toMatchObject({ fieldErrors: { appId: ['These answers are for another app.'] } });
    expect(studio.versions.size).toBe(0);
  });

  it('keeps answers while typing, half-filled as they are, and opens with them', async () => {
    const { deps, buyer, sessionId } = await studioFor('ai-system-prompt-generator');
    const half = { appId: 'ai-system-prompt-generator', business: { name: 'Half' } };
    await keepAnswers({ sessionId, answers: half }, buyer, deps);
    expect(await openStudio({ sessionId }, buyer, deps)).toMatchObject({ answers: half, answersKeptAt: '2026-11-29T10:00:00.000Z' });
    await expect(keepAnswers({ sessionId, answers: { appId: 'ai-content-generator' } }, buyer, deps)).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('limits keeps and saves per purchase, with a clear message, and counts again in the next window', async () => {
    const { deps, buyer, sessionId, clock } = await studioFor('ai-customer-support');
    for (let i = 0; i < VERSIONS_PER_WINDOW; i++) await newVersion({ sessionId, source: 'answers', answers: supportAnswers() }, buyer, deps);
    await expect(newVersion({ sessionId, source: 'answers', answers: supportAnswers() }, buyer, deps)).rejects.toMatchObject({ kind: 'rate-limited', message: studioMessages.tooManyVersions(30, 15) });
    for (let i = 0; i < KEEPS_PER_HOUR; i++) await keepAnswers({ sessionId, answers: { appId: 'ai-customer-support' } }, buyer, deps);
    await expect(keepAnswers({ sessionId, answers: { appId: 'ai-customer-support' } }, buyer, deps)).rejects.toMatchObject({ kind: 'rate-limited', message: studioMessages.tooManyKeeps });
    clock.advance(3600_000);
    await expect(newVersion({ sessionId, source: 'answers', answers: supportAnswers() }, buyer, deps)).resolves.toMatchObject({ number: VERSIONS_PER_WINDOW + 1 });
  });

  it('restores a version’s answers into the form, and refuses a version that does not exist', async () => {
    const { deps, buyer, sessionId } = await studioFor('ai-content-generator');
    await newVersion({ sessionId, source: 'answers', answers: contentAnswers() }, buyer, deps);
    await newVersion({ sessionId, source: 'answers', answers: contentAnswers({ audience: 'Office managers.' }) }, buyer, deps);
    const restored = await newVersion({ sessionId, source: 'restore', version: 1 }, buyer, deps);
    expect(restored).toMatchObject({ number: 3, source: 'restore', basedOn: 1, text: writeTailoredPrompt(contentAnswers()) });
    expect((await openStudio({ sessionId }, buyer, deps)).answers).toEqual(contentAnswers());
    await expect(newVersion({ sessionId, source: 'restore', version: 9 }, buyer, deps)).rejects.toThrow(studioMessages.noVersion);
    await expect(openStudio({ sessionId, version: 9 }, buyer, deps)).rejects.toThrow(studioMessages.noVersion);
  });

  it('makes Get prompt show the latest version, to the buyer only', async () => {
    const { deps, buyer, sessionId, studio } = await studioFor('ai-system-prompt-generator');
    await newVersion({ sessionId, source: 'answers', answers: agentAnswers() }, buyer, deps);
    await newVersion({ sessionId, source: 'edit', basedOn: 1, text: 'Hand-made.' }, buyer, deps);
    const promptDeps = (purchaseRequired: boolean) => ({ purchaseRequired, purchases: deps.purchases as never, webhook: undefined, latestVersion: async (id: string) => (await studio.latestVersion(id))?.text });
    const request = { appId: 'ai-system-prompt-generator', sessionId };
    expect(await promptFor(request, promptDeps(true), buyer)).toBe('Hand-made.');
    expect(await promptFor(request, promptDeps(false), buyer)).toBe('Hand-made.');
    expect(await promptFor(request, promptDeps(false), { browserKey: newBrowserKey() })).toContain('fill these in');
  });

  it('writes every answer given of each app into its prompt', () => {
    const leaves = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(leaves) : typeof v === 'object' && v !== null ? Object.entries(v).flatMap(([k, x]) => (k === 'appId' || k === 'tone' || k.endsWith('Id') || k === 'channels' ? [] : leaves(x))) : [];
    for (const answers of [agentAnswers(), contentAnswers(), supportAnswers()]) {
      const prompt = writeTailoredPrompt(answers);
      for (const value of leaves(answers).filter((v) => v.trim())) {
        for (const line of value.split('\n')) expect(prompt, `${answers.appId}: ${line}`).toContain(line.trim());
      }
    }
  });
});

describe('prompt studio: the operator’s prompt webhook', () => {
  it('sends the versioned answers body and keeps its answer as the version', async () => {
    const seen: object[] = [];
    const { deps, buyer, sessionId } = await studioFor('ai-system-prompt-generator', {
      webhook: { post: async (body) => (seen.push(body), { status: 200, text: '{"prompt":"Written by the webhook."}' }) },
    });
    const version = await newVersion({ sessionId, source: 'answers', answers: agentAnswers() }, buyer, deps);
    expect(version).toMatchObject({ number: 1, source: 'webhook', text: 'Written by the webhook.', answers: agentAnswers() });
    expect(seen).toEqual([
      {
        appId: 'ai-system-prompt-generator',
        appName: 'AI Agent System Prompt Generator',
        kind: 'prompt-studio.answers',
        schemaVersion: STUDIO_WEBHOOK_SCHEMA_VERSION,
        catalogue: { field: 'Customer Support', businessType: 'Dentistry Offices', product: 'Appointment Reminder Bot' },
        answers: agentAnswers(),
        builtInPrompt: writeTailoredPrompt(agentAnswers()),
      },
    ]);
  });

  it('on a failure or a timeout keeps the answers, tells the buyer plainly, and tells the staff once per purchase', async () => {
    let answer: () => Promise<{ status: number; text: string }> = async () => ({ status: 503, text: 'down' });
    const { deps, buyer, sessionId, notices, studio } = await studioFor('ai-customer-support', { webhook: { post: () => answer() } });
    await expect(newVersion({ sessionId, source: 'answers', answers: supportAnswers() }, buyer, deps)).rejects.toMatchObject({
      kind: 'upstream-failed',
      message: 'The prompt service did not write your prompt (it answered with status 503). Your answers are saved: please try again in a few minutes.',
    });
    answer = () => Promise.reject(Object.assign(new Error('slow'), { name: 'TimeoutError' }));
    await expect(newVersion({ sessionId, source: 'answers', answers: supportAnswers() }, buyer, deps)).rejects.toThrow('it did not answer in time');
    const state = await openStudio({ sessionId }, buyer, deps);
    expect(state).toMatchObject({ answers: supportAnswers(), versions: [], lastFailure: { message: expect.stringContaining('did not answer in time') } });
    expect(studio.records.get(sessionId)?.failures).toBe(2);
    expect(notices.sent).toEqual([expect.objectContaining({ id: `prompt-service-failed-${sessionId}`, data: expect.objectContaining({ event: 'promptServiceFailed', failure: 'it answered with status 503', customerEmail: 'buyer@example.com' }) })]);
    answer = async () => ({ status: 200, text: '"Back again."' });
    await expect(newVersion({ sessionId, source: 'answers', answers: supportAnswers() }, buyer, deps)).resolves.toMatchObject({ text: 'Back again.' });
    expect((await openStudio({ sessionId }, buyer, deps)).lastFailure).toBeUndefined();
  });
});
