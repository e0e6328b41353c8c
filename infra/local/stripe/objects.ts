/**
 * The Stripe stand-in's world: Checkout sessions, customers, subscriptions, invoices, payment intents, charges
 * and the events each change makes, shaped as Stripe's API (version 2025+) answers them, as far as this site
 * reads them. The changes are in ./sessions.ts (what a buyer does: a Checkout session created and paid, a portal
 * session) and ./after-payment.ts (what follows: refunds, lost disputes, renewals, cancellations); each answers the
 * events Stripe would send.
 */
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;

export interface StripeEvent extends Json {
  readonly id: string;
  readonly object: 'event';
  readonly type: string;
  readonly created: number;
  readonly livemode: false;
  readonly api_version: string;
  readonly data: { readonly object: Json };
}

export interface LineItem {
  readonly name: string;
  readonly unitAmount: number;
  readonly quantity: number;
  readonly recurring: boolean;
}

export interface Session extends Json {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  customer: string | null;
  customer_details: { email: string } | null;
  payment_intent: string | null;
  subscription: string | null;
  invoice: string | null;
  invoice_creation: { enabled: boolean } | null;
  livemode: false;
  created: number;
  url: string | null;
  /** Not Stripe's: what the hosted page shows. */
  _lines: LineItem[];
}

export interface World {
  sessions: Record<string, Session>;
  customers: Record<string, Json & { id: string; email: string }>;
  subscriptions: Record<string, Json & { id: string; customer: string; status: string; metadata: Record<string, string>; _monthly: number; _currency: string; _plan: string }>;
  invoices: Record<string, Json & { id: string; customer: string | null; status: string }>;
  paymentIntents: Record<string, Json & { id: string; amount: number; currency: string; latest_charge: string }>;
  charges: Record<string, Json & { id: string; payment_intent: string; amount: number; refunded: boolean }>;
  portalSessions: Record<string, Json & { id: string; customer: string; return_url: string | null; url: string }>;
  events: StripeEvent[];
  /** The mails Stripe would send the buyer (receipts, invoices), per the dashboard's customer e-mail settings. */
  receipts: { to: string; kind: 'receipt' | 'invoice'; about: string; amount: number; currency: string; at: string }[];
}

export function emptyWorld(): World {
  return { sessions: {}, customers: {}, subscriptions: {}, invoices: {}, paymentIntents: {}, charges: {}, portalSessions: {}, events: [], receipts: [] };
}

/** A Stripe-like id: `cs_test_` + 24 random characters. */
export function newId(prefix: string, test = true): string {
  return `${prefix}_${test ? 'test_' : ''}${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;
}

export const now = () => Math.floor(Date.now() / 1000);

/** The API version the events carry: the one the site's `stripe` library pins. */
export const API_VERSION = '2026-10-28.endive';

/** Records the event Stripe would send about `object`, and answers it. */
export function event(world: World, type: string, object: Json): StripeEvent {
  const e: StripeEvent = {
    id: newId('evt', false),
    object: 'event',
    type,
    created: now(),
    livemode: false,
    api_version: API_VERSION,
    data: { object: structuredClone(stripPrivate(object)) },
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  world.events.push(e);
  return e;
}

/** Drops the stand-in's own fields (`_...`) from what Stripe would show. */
export function stripPrivate<T extends Json>(object: T): Json {
  return Object.fromEntries(Object.entries(object).filter(([k]) => !k.startsWith('_')));
}

export const asNumber = (v: unknown, fallback = 0) => (typeof v === 'string' || typeof v === 'number' ? Number(v) : fallback);

/** A mail Stripe would send the buyer (the dashboard's customer e-mail settings). */
export function receipt(world: World, to: string, kind: 'receipt' | 'invoice', about: string, amount: number, currency: string) {
  world.receipts.push({ to, kind, about, amount, currency, at: new Date().toISOString() });
}

/** A succeeded payment: its payment intent and charge. */
export function newCharge(world: World, amount: number, currency: string) {
  const pi = { id: newId('pi', false), object: 'payment_intent', amount, currency, status: 'succeeded', latest_charge: '' };
  const charge = { id: newId('ch', false), object: 'charge', payment_intent: pi.id, amount, amount_refunded: 0, refunded: false, currency, paid: true, livemode: false };
  pi.latest_charge = charge.id;
  world.paymentIntents[pi.id] = pi;
  world.charges[charge.id] = charge;
  return charge;
}

/** An invoice, of a subscription or (invoice_creation) of a one-time payment. */
export function newInvoice(
  world: World,
  subscription: World['subscriptions'][string] | undefined,
  amount: number,
  status: 'paid' | 'open',
  billingReason: string,
) {
  const customer = subscription ? world.customers[subscription.customer] : undefined;
  const invoice = {
    id: newId('in', false),
    object: 'invoice',
    customer: subscription?.customer ?? null,
    customer_email: customer?.email ?? null,
    status,
    billing_reason: billingReason,
    amount_due: amount,
    amount_paid: status === 'paid' ? amount : 0,
    currency: subscription?._currency ?? 'usd',
    attempt_count: 1,
    next_payment_attempt: status === 'open' ? now() + 3 * 24 * 3600 : null,
    parent: subscription
      ? { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } }
      : null,
    livemode: false,
    created: now(),
  };
  world.invoices[invoice.id] = invoice;
  return invoice;
}
