/**
 * POST /api/stripe-webhook against the bad-input table (see table.ts), through the local API with the test
 * stack's webhook secret. Unsigned or wrongly signed bodies are refused with 400; a validly signed body that is
 * not an event this site acts on (no `data`, no session, a foreign type, not even an object; a refund, dispute,
 * cancellation or invoice without what it must name) is acknowledged with 200 and ignored: any other answer
 * makes Stripe retry it for days. Nothing is recorded.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { routes } from '@shared/contract/api';
import { findPurchase } from '../../../lambdas/data/purchases';
import { localStack } from '../../helpers/local-stack';
import { apiMessages, deepArrays, type BadCase, badInputTable } from './table';

const route = routes.stripeWebhook;
const secret = localStack().env.STRIPE_WEBHOOK_SECRET ?? '';
const sessionIds = new Map<string, string>();

const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? secret, ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }) });

/** A completed checkout of this site's, with `changes` applied to the event and `session` to its session. */
function completed(name: string, changes: Record<string, unknown> = {}, session: Record<string, unknown> = {}): Record<string, unknown> {
  const id = `cs_test_${randomUUID().replaceAll('-', '')}`;
  sessionIds.set(name, id);
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: 4999,
        currency: 'usd',
        customer_details: { email: 'buyer@example.com' },
        metadata: { appId: 'ai-system-prompt-generator', type: 'marketplace' },
        ...session,
      },
    },
    ...changes,
  };
}
const without = (value: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

const invalid = { status: 400, message: 'Invalid Stripe signature.' } as const;
const missing = { status: 400, message: 'Missing Stripe-Signature header.' } as const;
const ignored = { status: 200, answer: { received: true, outcome: 'ignored' } } as const;

/** A case whose body is `payload` (text), signed as `signature` says. */
const unsigned = (name: string, payload: string | Buffer, expected: Partial<BadCase> & { status: number }, headers: Record<string, string> = {}): BadCase => ({
  name,
  raw: payload,
  headers,
  ...expected,
});
const signed = (name: string, payload: string, expected: Partial<BadCase> & { status: number } = ignored, contentType?: string): BadCase => ({
  name,
  raw: payload,
  headers: { 'stripe-signature': sign(payload) },
  ...(contentType === undefined ? {} : { contentType }),
  ...expected,
});
const signedEvent = (name: string, changes: Record<string, unknown> = {}, session: Record<string, unknown> = {}) =>
  signed(name, JSON.stringify(completed(name, changes, session)));

const good = JSON.stringify(completed('good'));

/** A signed later event of a purchase (a refund, a dispute, a cancellation, an invoice) with this object. */
const laterEvent = (name: string, type: string, object: Record<string, unknown>) => signed(name, JSON.stringify({ ...completed(name), type, data: { object } }));

badInputTable(
  {
    route,
    leftBehind: async (_id, c) => {
      const sessionId = sessionIds.get(c.name);
      return sessionId === undefined ? undefined : findPurchase(sessionId);
    },
  },
  [
    unsigned('no body and no signature', '', missing),
    unsigned('a paid checkout without a signature', JSON.stringify(completed('a paid checkout without a signature')), missing),
    unsigned('an empty signature header', good, missing, { 'stripe-signature': '' }),
    unsigned('a signature of garbage', good, invalid, { 'stripe-signature': 'garbage' }),
    unsigned('a timestamp without a signature', good, invalid, { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)}` }),
    unsigned('a v1 signature of the wrong bytes', good, invalid, { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }),
    unsigned('a signature made with another secret', good, invalid, { 'stripe-signature': sign(good, { secret: 'whsec_someone_else' }) }),
    unsigned('a signature ten minutes old', good, invalid, { 'stripe-signature': sign(good, { timestamp: Math.floor(Date.now() / 1000) - 600 }) }),
    unsigned('a signature of another event', good, invalid, { 'stripe-signature': sign(JSON.stringify(completed('another'))) }),
    unsigned('a signed event changed by one byte', good.replace('4999', '4998'), invalid, { 'stripe-signature': sign(good) }),
    unsigned('a 6,000-character signature header', good, invalid, { 'stripe-signature': `t=1,v1=${'a'.repeat(6000)}` }),
    unsigned('an unsigned body nested 20,000 levels deep', deepArrays(20_000), invalid, { 'stripe-signature': 'garbage' }),
    unsigned('an unsigned text/plain body', good, { ...invalid, contentType: 'text/plain' }, { 'stripe-signature': 'garbage' }),
    unsigned('unsigned invalid UTF-8 bytes', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), invalid, { 'stripe-signature': 'garbage' }),
    unsigned('a body over the route limit', 'x'.repeat(route.maxBodyBytes + 1), { status: 413, message: apiMessages.tooLarge(route) }, { 'stripe-signature': 'garbage' }),
    signed('signed bytes that are not JSON', 'not json at all', invalid),
    signed('a signed event without data', JSON.stringify(without(completed('a signed event without data'), 'data'))),
    signed('a signed event whose data is null', JSON.stringify({ ...completed('a signed event whose data is null'), data: null })),
    signed('a signed event whose data is empty', JSON.stringify({ ...completed('a signed event whose data is empty'), data: {} })),
    signed('a signed event whose data is a string', JSON.stringify({ ...completed('a signed event whose data is a string'), data: 'x' })),
    signedEvent('a signed event whose object is null', { data: { object: null } }),
    signedEvent('a signed event whose object is a string', { data: { object: 'cs_test_1' } }),
    signedEvent('a signed event whose object is an array', { data: { object: [] } }),
    signed('a signed event without a type', JSON.stringify(without(completed('a signed event without a type'), 'type'))),
    signedEvent('a signed event whose type is a number', { type: 42 }),
    signedEvent('a signed event of another type', { type: 'customer.created' }),
    signedEvent('a signed event of another type whose livemode is text', { type: 'charge.refunded', livemode: 'yes' }),
    signedEvent('a signed payment intent, not a session', {}, { object: 'payment_intent' }),
    signedEvent('a signed session whose id is a number', {}, { id: 12345 }),
    signedEvent('a signed session not yet paid', {}, { payment_status: 'unpaid' }),
    signedEvent('a signed session without metadata', {}, { metadata: undefined }),
    signedEvent('a signed session whose metadata is null', {}, { metadata: null }),
    signedEvent('a signed session of another shop', {}, { metadata: { appId: 'x', type: 'donation' } }),
    signedEvent('a signed session whose app id is a number', {}, { metadata: { appId: 7, type: 'marketplace' } }),
    signed('a signed session with a __proto__ metadata key', JSON.stringify(completed('a signed session with a __proto__ metadata key', {}, { metadata: {} })).replace('"metadata":{}', '"metadata":{"__proto__":{"appId":"x","type":"marketplace"}}')),
    signed('signed JSON null', 'null'),
    signed('a signed JSON array', '[]'),
    signed('a signed JSON string', '"checkout.session.completed"'),
    signed('a signed JSON number', '42'),
    signed('signed arrays nested 20,000 levels deep', deepArrays(20_000)),
    signedEvent('a signed event with 1,000 levels in its object', { data: { object: JSON.parse(deepArrays(1000)) as unknown } }),
    signed('a signed event of another type sent as text/plain', JSON.stringify(completed('text/plain', { type: 'invoice.paid' })), ignored, 'text/plain'),
    // The later events of a purchase (issue 21): malformed ones are acknowledged and ignored before Stripe is asked.
    laterEvent('a signed full refund without a payment intent', 'charge.refunded', { id: 'ch_1', object: 'charge', refunded: true }),
    laterEvent('a signed partial refund', 'charge.refunded', { id: 'ch_1', object: 'charge', refunded: false, payment_intent: 'pi_1', amount_refunded: 100 }),
    laterEvent('a signed refund whose payment intent is an object without id', 'charge.refunded', { id: 'ch_1', object: 'charge', refunded: true, payment_intent: { object: 'payment_intent' } }),
    laterEvent('a signed refund whose payment intent is 5,000 characters', 'charge.refunded', { id: 'ch_1', object: 'charge', refunded: true, payment_intent: `pi_${'x'.repeat(5000)}` }),
    laterEvent('a signed dispute the seller won', 'charge.dispute.closed', { id: 'dp_1', object: 'dispute', status: 'won', payment_intent: 'pi_1' }),
    laterEvent('a signed dispute without a status', 'charge.dispute.closed', { id: 'dp_1', object: 'dispute', payment_intent: 'pi_1' }),
    laterEvent('a signed lost dispute without a payment intent', 'charge.dispute.closed', { id: 'dp_1', object: 'dispute', status: 'lost' }),
    laterEvent('a signed cancellation without a subscription id', 'customer.subscription.deleted', { object: 'subscription', status: 'canceled' }),
    laterEvent('a signed cancellation whose id is a number', 'customer.subscription.deleted', { id: 42, object: 'subscription' }),
    laterEvent('a signed failed payment of an invoice without a subscription', 'invoice.payment_failed', { id: 'in_1', object: 'invoice', parent: null }),
    laterEvent('a signed failed payment whose subscription details are null', 'invoice.payment_failed', { id: 'in_1', object: 'invoice', parent: { subscription_details: null } }),
    laterEvent('a signed paid invoice whose subscription is a list', 'invoice.paid', { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: ['sub_1'] } } }),
  ],
);
