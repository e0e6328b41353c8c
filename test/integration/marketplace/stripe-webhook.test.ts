/**
 * The Stripe webhook against the local DynamoDB: signatures made with the stripe library's own test-header
 * helper, over the raw body (plain or base64 as API Gateway may pass it); tampered and stale signatures
 * refused; a replayed event records one purchase.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/deployment/manifest';
import { findPurchase } from '../../../lambdas/data/purchases';
import { handler } from '../../../lambdas/handlers/stripe-webhook';
import { call } from '../../helpers/http-event';

const SECRET = 'whsec_test_marketplace_secret';
const saved = process.env.STRIPE_WEBHOOK_SECRET;

beforeEach(() => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
});
afterEach(() => {
  if (saved === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
  else process.env.STRIPE_WEBHOOK_SECRET = saved;
});

function completedEvent(sessionId: string, overrides: Record<string, unknown> = {}) {
  return {
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    api_version: Stripe.API_VERSION,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 4999,
        currency: 'usd',
        customer_details: { email: 'buyer@example.com' },
        metadata: { appId: 'ai-system-prompt-generator', type: 'marketplace', stripeProductId: 'ai-agent-prompt' },
        ...overrides,
      },
    },
  };
}

const newSessionId = () => `cs_test_${crypto.randomUUID().replaceAll('-', '')}`;

function deliver(payload: string, opts: { secret?: string; timestamp?: number; base64?: boolean; signature?: string } = {}) {
  const header =
    opts.signature ??
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? SECRET,
      ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }),
    });
  return call(handler, routes.stripeWebhook, payload, { headers: { 'stripe-signature': header }, base64: opts.base64 ?? false });
}

describe('Stripe webhook', () => {
  it('records a completed checkout with a valid signature', async () => {
    const sessionId = newSessionId();
    const event = completedEvent(sessionId);
    const res = await deliver(JSON.stringify(event));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'recorded' } });
    expect(await findPurchase(sessionId)).toMatchObject({
      sessionId,
      appId: 'ai-system-prompt-generator',
      type: 'marketplace',
      amountTotal: 4999,
      currency: 'usd',
      customerEmail: 'buyer@example.com',
      eventId: event.id,
    });
  });

  it('verifies the exact bytes when API Gateway passes the body base64-encoded', async () => {
    const sessionId = newSessionId();
    // Pretty-printed with non-ASCII text: any re-serialisation before verification would break the signature.
    const payload = JSON.stringify(completedEvent(sessionId, { customer_details: { email: 'zoë@example.com' } }), null, 2);
    expect((await deliver(payload, { base64: true })).status).toBe(200);
    expect((await findPurchase(sessionId))?.customerEmail).toBe('zoë@example.com');
  });

  it('records a replayed event once', async () => {
    const sessionId = newSessionId();
    const payload = JSON.stringify(completedEvent(sessionId));
    const first = await deliver(payload);
    const replay = await deliver(payload);
    const sameSessionOtherEvent = await deliver(JSON.stringify({ ...completedEvent(sessionId), type: 'checkout.session.async_payment_succeeded' }));
    expect([first.body.outcome, replay.body.outcome, sameSessionOtherEvent.body.outcome]).toEqual(['recorded', 'duplicate', 'duplicate']);
    expect([first.status, replay.status, sameSessionOtherEvent.status]).toEqual([200, 200, 200]);
    expect((await findPurchase(sessionId))?.eventId).toBe(JSON.parse(payload).id);
  });

  it('refuses a tampered body with 400 and records nothing', async () => {
    const sessionId = newSessionId();
    const payload = JSON.stringify(completedEvent(sessionId));
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const tampered = payload.replace('"amount_total":4999', '"amount_total":1');
    expect(tampered).not.toBe(payload);
    const res = await deliver(tampered, { signature: header });
    expect(res).toEqual({ status: 400, body: { message: 'Invalid Stripe signature.' } });
    expect(await findPurchase(sessionId)).toBeUndefined();
  });

  it('refuses a signature made with another secret, a stale one, and a missing one', async () => {
    const sessionId = newSessionId();
    const payload = JSON.stringify(completedEvent(sessionId));
    expect((await deliver(payload, { secret: 'whsec_someone_else' })).status).toBe(400);
    // Stripe's default tolerance is 300 s: a signature from 10 minutes ago is a replay attack, not a retry.
    const stale = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale).toEqual({ status: 400, body: { message: 'Invalid Stripe signature.' } });
    const unsigned = await call(handler, routes.stripeWebhook, payload);
    expect(unsigned).toEqual({ status: 400, body: { message: 'Missing Stripe-Signature header.' } });
    expect(await findPurchase(sessionId)).toBeUndefined();
  });

  it('acknowledges and ignores events it does not act on', async () => {
    const sessionId = newSessionId();
    const other = { ...completedEvent(sessionId), type: 'customer.subscription.updated' };
    expect(await deliver(JSON.stringify(other))).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    const unpaid = completedEvent(sessionId, { payment_status: 'unpaid' });
    expect((await deliver(JSON.stringify(unpaid))).body.outcome).toBe('ignored');
    expect(await findPurchase(sessionId)).toBeUndefined();
  });
});
