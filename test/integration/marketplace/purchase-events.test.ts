/**
 * Every Stripe event the site acts on, end to end on the local stack: sessions made by create-payment and paid
 * on the Stripe stand-in (infra/local/stripe), the events it answers delivered to the real webhook handler with
 * valid signatures, replayed and reordered (Stripe delivers at least once, in any order), and forged. Each test
 * asserts what the purchases table keeps and what reached the support staff's mailbox, through the delivery
 * engine: one notice mail per sale, cancellation and failed renewal, never two, never for a forged event.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import { findPurchase } from '../../../lambdas/data/purchases';
import { handler as createPayment } from '../../../lambdas/handlers/create-payment';
import { handler as stripeWebhook } from '../../../lambdas/handlers/stripe-webhook';
import { uniqueEmail } from '../../helpers/cognito';
import { startFakeStripe, type FakeStripe, type StripeEvent } from '../../helpers/fake-stripe';
import { call } from '../../helpers/http-event';
import { listMails, mailText, type Mail } from '../../helpers/mailbox';
import { storedSubmission } from '../../helpers/submissions';

const SECRET = 'whsec_test_purchase_events';
const KEYS = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'SITE_ORIGIN'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  process.env.STRIPE_SECRET_KEY = 'sk_test_purchase_events';
  process.env.STRIPE_API_URL = stripe.url;
  process.env.SITE_ORIGIN = 'https://site.example';
});
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

/** A Buy Now through create-payment, paid on the stand-in's page with a buyer e-mail of its own. */
async function buy(what: 'app' | 'agents') {
  const body = what === 'app' ? { type: 'marketplace', productId: 'ai-content-generator', appName: 'x' } : { type: 'services', productId: 'ai-agent', appName: 'x' };
  const res = await call(createPayment, routes.createPayment, body);
  const sessionId = /\/c\/pay\/(cs_\w+)$/.exec(String(res.body.url))?.[1] as string;
  const email = uniqueEmail('buyer');
  const events = stripe.pay(sessionId, email);
  const session = stripe.world().sessions[sessionId];
  return { sessionId, email, events, paymentIntent: session?.payment_intent as string, subscription: session?.subscription as string };
}

const deliver = (payload: string, signature?: string) =>
  call(stripeWebhook, routes.stripeWebhook, payload, {
    headers: { 'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
  });

async function deliverAll(events: readonly StripeEvent[]) {
  const outcomes: string[] = [];
  for (const event of events) {
    const res = await deliver(JSON.stringify(event));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    outcomes.push(String(res.body.outcome));
  }
  return outcomes;
}

/** The notice mails with this notice id (every notice mail names it). */
async function noticeMails(noticeId: string): Promise<Mail[]> {
  return (await listMails()).filter((m) => mailText(m).includes(`Notice id: ${noticeId}`));
}

/**
 * Waits for each notice's mail, then past two runs of the retry job (every 2 s on the test stack), and answers
 * how many mails each notice got: anything but one each is a lost or a doubled notice.
 */
async function mailsPerNotice(ids: readonly string[]): Promise<Record<string, number>> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const counts = await Promise.all(ids.map(async (id) => (await noticeMails(id)).length));
    if (counts.every((c) => c > 0)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 4500));
  return Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await noticeMails(id)).length] as const)));
}

describe('checkout.session.completed', () => {
  it('records the purchase once however often it comes, and the staff get one sale mail with its details', async () => {
    const { sessionId, email, events } = await buy('app');
    const [completed] = events as [StripeEvent];
    const outcomes = await deliverAll([completed, completed, { ...completed, id: 'evt_second_telling', type: 'checkout.session.async_payment_succeeded' }, completed]);
    expect(outcomes).toEqual(['recorded', 'duplicate', 'duplicate', 'duplicate']);
    expect(await findPurchase(sessionId)).toMatchObject({ appId: 'ai-content-generator', status: 'paid', amountTotal: 3999, customerEmail: email, eventId: completed.id });
    expect(await mailsPerNotice([`sale-${sessionId}`])).toEqual({ [`sale-${sessionId}`]: 1 });
    const [mail] = await noticeMails(`sale-${sessionId}`);
    expect(mail?.subject).toBe(`New sale: AI Content Generator, $39.99 (${email})`);
    expect(mail?.destination.to).toEqual(['sales@cadence-ai.example', 'support@cadence-ai.example']);
    expect(mail?.replyTo).toEqual([email]);
    expect(mailText(mail as Mail)).toContain('Account: no account (bought signed out)');
    // The notice is kept with its delivery state, like every submission.
    expect(await storedSubmission(`sale-${sessionId}`)).toMatchObject({ kind: 'saleNotice', deliveries: { mail: { state: 'sent', attempts: 1 } } });
  });
});

describe('charge.refunded and charge.dispute.closed', () => {
  it('a full refund marks the purchase refunded, before or after its completion, replayed; no second sale mail', async () => {
    const first = await buy('app');
    const second = await buy('app');
    const refundOf = (p: typeof first) => stripe.refund(p.paymentIntent);
    // In order, and the refund before the completion (the site was down when the completion was sent).
    await deliverAll([...first.events, ...refundOf(first), ...first.events]);
    const early = refundOf(second);
    expect(await deliverAll([...early, ...early, ...second.events])).toEqual(['refunded', 'refunded', 'duplicate']);
    for (const p of [first, second]) expect(await findPurchase(p.sessionId)).toMatchObject({ status: 'refunded', refundReason: 'refund', appId: 'ai-content-generator' });
    expect(await mailsPerNotice([`sale-${first.sessionId}`, `sale-${second.sessionId}`])).toEqual({ [`sale-${first.sessionId}`]: 1, [`sale-${second.sessionId}`]: 1 });
  });

  it('a lost dispute takes the purchase back; a won dispute and a partial refund leave it paid', async () => {
    const lost = await buy('app');
    const won = await buy('app');
    await deliverAll([...stripe.loseDispute(lost.paymentIntent), ...lost.events]);
    expect(await findPurchase(lost.sessionId)).toMatchObject({ status: 'refunded', refundReason: 'dispute' });
    const [dispute] = stripe.loseDispute(won.paymentIntent) as [StripeEvent];
    const wonDispute = { ...dispute, data: { object: { ...dispute.data.object, status: 'won' } } };
    const [refund] = stripe.refund(won.paymentIntent) as [StripeEvent];
    const partial = { ...refund, data: { object: { ...refund.data.object, refunded: false, amount_refunded: 100 } } };
    expect(await deliverAll([...won.events, wonDispute, partial])).toEqual(['recorded', 'ignored', 'ignored']);
    expect((await findPurchase(won.sessionId))?.status).toBe('paid');
  });
});

describe('customer.subscription.deleted and invoice.payment_failed', () => {
  it('a failed renewal makes the subscription past due and mails once per invoice; a cancellation is final and mails once', async () => {
    const agents = await buy('agents');
    const failed = stripe.failRenewal(agents.subscription);
    const cancelled = stripe.cancelSubscription(agents.subscription);
    await deliverAll([...agents.events, ...failed, ...failed]);
    expect(await findPurchase(agents.sessionId)).toMatchObject({ type: 'services', subscriptionStatus: 'pastDue', customerEmail: agents.email });
    // The cancellation, then everything again in reverse: nothing revives it.
    await deliverAll([...cancelled, ...[...agents.events, ...failed, ...cancelled].reverse()]);
    expect((await findPurchase(agents.sessionId))?.subscriptionStatus).toBe('cancelled');
    const invoiceId = String((failed[0] as StripeEvent).data.object.id);
    // Kept once on the purchase (a string set), read back as a list: how a person's erasure finds that notice.
    expect((await findPurchase(agents.sessionId))?.failedInvoiceIds).toEqual([invoiceId]);
    const notices = [`sale-${agents.sessionId}`, `renewal-failed-${invoiceId}`, `cancellation-${agents.subscription}`];
    expect(await mailsPerNotice(notices)).toEqual(Object.fromEntries(notices.map((n) => [n, 1])));
    expect((await noticeMails(`renewal-failed-${invoiceId}`))[0]?.subject).toBe(`Renewal payment failed: AI Agent Package, $200.00 (${agents.email})`);
    expect((await noticeMails(`cancellation-${agents.subscription}`))[0]?.subject).toBe(`Subscription cancelled: AI Agent Package (${agents.email})`);
  });

  it('a cancellation that arrives before the sale records both, once, and stays cancelled', async () => {
    const agents = await buy('agents');
    const cancelled = stripe.cancelSubscription(agents.subscription);
    expect(await deliverAll([...cancelled, ...cancelled, ...agents.events])).toEqual(['subscription changed', 'subscription unchanged', 'duplicate', 'subscription unchanged']);
    expect(await findPurchase(agents.sessionId)).toMatchObject({ appId: 'ai-agent', subscriptionStatus: 'cancelled' });
    const notices = [`sale-${agents.sessionId}`, `cancellation-${agents.subscription}`];
    expect(await mailsPerNotice(notices)).toEqual(Object.fromEntries(notices.map((n) => [n, 1])));
  });
});

describe('deliveries at the same time', () => {
  // Stripe retries an event whose answer is slow while the first delivery is still running, and sends the events of
  // one purchase from several workers: the writes and the notices must hold when they overlap, not only in turn.
  it('the same completion five times at once with its refund, and a cancellation racing its failed renewals: one row each, final states, one mail per notice', async () => {
    const app = await buy('app');
    const agents = await buy('agents');
    const [completed] = app.events as [StripeEvent];
    const refund = stripe.refund(app.paymentIntent);
    const failed = stripe.failRenewal(agents.subscription);
    const cancelled = stripe.cancelSubscription(agents.subscription);
    const all = [...Array.from({ length: 5 }, () => completed), ...refund, ...agents.events, ...agents.events, ...failed, ...failed, ...cancelled, ...cancelled];
    const answers = await Promise.all(all.map((event) => deliver(JSON.stringify(event))));
    expect(answers.map((a) => a.status)).toEqual(all.map(() => 200));
    expect(answers.slice(0, 5).filter((a) => a.body.outcome === 'recorded').length).toBeLessThanOrEqual(1);
    expect(await findPurchase(app.sessionId)).toMatchObject({ appId: 'ai-content-generator', status: 'refunded', customerEmail: app.email });
    expect(await findPurchase(agents.sessionId)).toMatchObject({ appId: 'ai-agent', subscriptionStatus: 'cancelled', customerEmail: agents.email });
    const invoiceId = String((failed[0] as StripeEvent).data.object.id);
    const notices = [`sale-${app.sessionId}`, `sale-${agents.sessionId}`, `renewal-failed-${invoiceId}`, `cancellation-${agents.subscription}`];
    expect(await mailsPerNotice(notices)).toEqual(Object.fromEntries(notices.map((n) => [n, 1])));
  });
});

describe('forged and stale events', () => {
  it('refuses every event type signed with another secret, tampered with or replayed after the tolerance; stores and mails nothing', async () => {
    const app = await buy('app');
    const agents = await buy('agents');
    const later = [
      ...stripe.refund(app.paymentIntent),
      ...stripe.loseDispute(app.paymentIntent),
      ...stripe.failRenewal(agents.subscription),
      ...stripe.cancelSubscription(agents.subscription),
    ];
    const since = Date.now() - 1000;
    for (const event of [...app.events, ...agents.events, ...later]) {
      const payload = JSON.stringify(event);
      const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' });
      const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 });
      const signedOriginal = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
      const tampered = payload.replace('"livemode":false', '"livemode":true');
      for (const [body, signature] of [
        [payload, otherSecret],
        [payload, stale],
        [tampered, signedOriginal],
        [payload, 't=1,v1=00'],
      ] as const) {
        expect(await deliver(body, signature), event.type).toEqual({ status: 400, body: { message: 'Invalid Stripe signature.' } });
      }
    }
    expect(await findPurchase(app.sessionId)).toBeUndefined();
    expect(await findPurchase(agents.sessionId)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 2500));
    const mails = (await listMails({ since })).filter((m) => [app.email, agents.email].some((e) => m.subject.includes(e)));
    expect(mails).toEqual([]);
  });
});
