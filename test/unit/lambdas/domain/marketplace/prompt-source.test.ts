import { describe, expect, it } from 'vitest';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { newBrowserKey } from '../../../../../lambdas/domain/marketplace/browser-binding';
import { PROMPTS_PER_HOUR, PurchaseNotFound, promptFor } from '../../../../../lambdas/domain/marketplace/prompt-source';
import { handleStripeEvent } from '../../../../../lambdas/domain/marketplace/stripe-events';
import { purchaseDepsFor } from '../../../../helpers/memory-purchase-store';
import { completed, paidSession, refunded } from '../../../../helpers/stripe-objects';

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
