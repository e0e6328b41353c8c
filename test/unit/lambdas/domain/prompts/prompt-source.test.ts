import { describe, expect, it } from 'vitest';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { RejectedInput } from '../../../../../lambdas/domain/errors';
import { newBrowserKey } from '../../../../../lambdas/domain/purchases/browser-binding';
import { PROMPTS_PER_HOUR, PromptServiceFailed, PurchaseNotFound, promptFor, promptFromWebhookBody, type PromptWebhook } from '../../../../../lambdas/domain/prompts/prompt-source';
import type { Purchase } from '../../../../../lambdas/domain/purchases/record';
import { handleStripeEvent } from '../../../../../lambdas/domain/purchases/stripe-events';
import { memoryPurchaseStore, purchaseDepsFor } from '../../../../helpers/memory-purchase-store';
import { purchase } from '../../../../helpers/records';
import { completed, paidSession, refunded } from '../../../../helpers/stripe-objects';

describe('prompt source', () => {
  const noPurchases = memoryPurchaseStore();
  const purchaseOf = (appId: string): Purchase => purchase({ sessionId: 'cs_test_9', appId });
  const webhookAnswering = (status: number, text: string, seen: unknown[] = []): PromptWebhook => ({
    post: async (payload) => {
      seen.push(payload);
      return { status, text };
    },
  });

  it('reads a webhook answer as a string, as { prompt }, or else as the text itself', () => {
    expect(promptFromWebhookBody('"You are a bot."')).toBe('You are a bot.');
    expect(promptFromWebhookBody('{"prompt":"You are a bot."}')).toBe('You are a bot.');
    expect(promptFromWebhookBody('{"result":42}')).toBe('{"result":42}');
    expect(promptFromWebhookBody('plain words')).toBe('plain words');
  });

  it('uses the built-in generator without a webhook, with the buyer’s choices', async () => {
    const prompt = await promptFor(
      { appId: 'ai-system-prompt-generator', fieldId: 'finance', subcategoryId: 'restaurants', productId: 'tip-pool-assistant' },
      { purchaseRequired: false, purchases: noPurchases, webhook: undefined },
    );
    expect(prompt).toContain('Tip Pool Assistant');
  });

  it('forwards the app and the chosen names to the webhook', async () => {
    const seen: unknown[] = [];
    const prompt = await promptFor(
      { appId: 'ai-agent-prompt' },
      { purchaseRequired: false, purchases: noPurchases, webhook: webhookAnswering(200, '{"prompt":"Hi"}', seen) },
    );
    expect(prompt).toBe('Hi');
    expect(seen).toEqual([
      {
        appId: 'ai-system-prompt-generator',
        appName: 'AI Agent System Prompt Generator',
        fieldId: 'customer-support',
        fieldName: 'Customer Support',
        subcategoryId: 'dentistry-offices',
        subcategoryName: 'Dentistry Offices',
        productId: 'appointment-reminder-bot',
        productName: 'Appointment Reminder Bot',
      },
    ]);
  });

  it('fails clearly when the webhook fails', async () => {
    const deps = (webhook: PromptWebhook) => ({ purchaseRequired: false, purchases: noPurchases, webhook });
    await expect(promptFor({ appId: 'ai-content-generator' }, deps(webhookAnswering(500, 'oops')))).rejects.toThrow(PromptServiceFailed);
    await expect(promptFor({ appId: 'ai-content-generator' }, deps(webhookAnswering(200, '  ')))).rejects.toThrow(PromptServiceFailed);
    await expect(
      promptFor({ appId: 'ai-content-generator' }, deps({ post: async () => Promise.reject(new TypeError('fetch failed')) })),
    ).rejects.toThrow(/prompt service is not available/);
  });

  it('refuses unknown apps and customizations that are not in the catalogue', async () => {
    const deps = { purchaseRequired: false, purchases: noPurchases, webhook: undefined };
    await expect(promptFor({ appId: 'nope' }, deps)).rejects.toThrow(RejectedInput);
    await expect(promptFor({ appId: 'ai-system-prompt-generator', fieldId: 'finance', subcategoryId: 'hotels', productId: 'reservation-bot' }, deps)).rejects.toThrow(
      RejectedInput,
    );
  });

  it('where the stage sells prompts, serves only a recorded purchase of that app', async () => {
    const live = (find: (id: string) => Promise<Purchase | undefined>) => ({
      purchaseRequired: true,
      purchases: { ...memoryPurchaseStore(), find, bindBrowser: async () => 'bound' as const, countPromptRetrieval: async () => true },
      webhook: undefined,
    });
    const browser = { browserKey: newBrowserKey() };
    await expect(promptFor({ appId: 'ai-content-generator' }, live(async () => purchaseOf('ai-content-generator')), browser)).rejects.toThrow(PurchaseNotFound);
    await expect(promptFor({ appId: 'ai-content-generator', sessionId: 'cs_test_9' }, live(async () => undefined), browser)).rejects.toThrow(PurchaseNotFound);
    await expect(
      promptFor({ appId: 'ai-content-generator', sessionId: 'cs_test_9' }, live(async () => purchaseOf('ai-customer-support')), browser),
    ).rejects.toThrow(PurchaseNotFound);
    await expect(
      promptFor({ appId: 'ai-content-generator', sessionId: 'cs_test_9' }, live(async () => purchaseOf('ai-content-generator')), browser),
    ).resolves.toContain('AI Content Generator');
  });
});

const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

/** A recorded purchase on a stage that sells prompts, and a prompt request for it. */
async function sold(opts: { userId?: string } = {}) {
  const session = paidSession(opts);
  const deps = purchaseDepsFor([session]);
  await handleStripeEvent(completed(session), deps);
  let now = new Date('2026-11-22T10:00:00Z');
  const prompts = { purchaseRequired: true, purchases: deps.store, webhook: undefined, clock: { now: () => now } };
  const request = { appId: 'ai-system-prompt-generator', sessionId: session.id };
  return { session, deps, prompts, request, later: (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000)) };
}

describe('who may read a bought prompt (issue 24 item 8, issue 21)', () => {
  it('the browser that opened the purchase first; a second browser with the same session id is refused', async () => {
    const { prompts, request } = await sold();
    const buyer = newBrowserKey();
    await expect(promptFor(request, prompts, { browserKey: buyer })).resolves.toContain('# System prompt');
    await expect(promptFor(request, prompts, { browserKey: buyer })).resolves.toContain('# System prompt');
    for (const stranger of [newBrowserKey(), undefined, 'not-a-key']) {
      await expect(promptFor(request, prompts, { browserKey: stranger })).rejects.toMatchObject({ kind: 'forbidden', message: purchaseMessages.otherBrowser });
    }
  });

  it('the account the purchase is in, from any device; another account is refused', async () => {
    const { prompts, request } = await sold({ userId: alice });
    await expect(promptFor(request, prompts, { userId: alice })).resolves.toContain('# System prompt');
    await expect(promptFor(request, prompts, { userId: bob })).rejects.toMatchObject({ kind: 'forbidden', message: purchaseMessages.notInAccount });
  });

  it('nobody once the purchase is refunded: answered as an unpaid purchase (403) with a message saying why', async () => {
    const { session, deps, prompts, request } = await sold({ userId: alice });
    const key = newBrowserKey();
    await promptFor(request, prompts, { browserKey: key });
    await handleStripeEvent(refunded(session), deps);
    await expect(promptFor(request, prompts, { browserKey: key })).rejects.toMatchObject({ kind: 'forbidden', message: purchaseMessages.refunded });
    await expect(promptFor(request, prompts, { userId: alice })).rejects.toMatchObject({ kind: 'forbidden', message: purchaseMessages.refunded });
  });

  it(`at most ${PROMPTS_PER_HOUR} times an hour per purchase, whoever asks; a stranger’s refusals do not count`, async () => {
    const { prompts, request, later } = await sold({ userId: alice });
    const key = newBrowserKey();
    for (let i = 0; i < PROMPTS_PER_HOUR / 2; i++) await promptFor(request, prompts, { browserKey: key });
    for (let i = 0; i < 10; i++) await expect(promptFor(request, prompts, { browserKey: newBrowserKey() })).rejects.toMatchObject({ kind: 'forbidden' });
    for (let i = 0; i < PROMPTS_PER_HOUR / 2; i++) await promptFor(request, prompts, { userId: alice });
    await expect(promptFor(request, prompts, { userId: alice })).rejects.toMatchObject({ kind: 'rate-limited', message: purchaseMessages.tooManyPrompts });
    await expect(promptFor(request, prompts, { browserKey: key })).rejects.toMatchObject({ kind: 'rate-limited' });
    later(61);
    await expect(promptFor(request, prompts, { browserKey: key })).resolves.toContain('# System prompt');
  });

  it('an account route names a purchase even where prompts are free; a browser on such a stage needs none', async () => {
    const { prompts, request } = await sold({ userId: alice });
    const free = { ...prompts, purchaseRequired: false };
    await expect(promptFor({ appId: 'ai-content-generator' }, free, { browserKey: undefined })).resolves.toContain('AI Content Generator');
    await expect(promptFor({ appId: 'ai-content-generator', sessionId: request.sessionId }, free, { userId: alice })).rejects.toBeInstanceOf(PurchaseNotFound);
    await expect(promptFor(request, free, { userId: bob })).rejects.toMatchObject({ message: purchaseMessages.notInAccount });
  });
});
