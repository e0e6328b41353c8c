/**
 * The Stripe stand-in's world: Checkout sessions, customers, subscriptions, invoices, payment intents, charges
 * and the events each change makes, shaped as Stripe's API (version 2025+) answers them, as far as this site
 * reads them. What a buyer does on Stripe's pages (pay, cancel in the portal) and what the operator does in the
 * dashboard (refund, a lost dispute, a failed renewal) are methods here; each answers the events Stripe would send.
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

interface LineItem {
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

const now = () => Math.floor(Date.now() / 1000);

/** The API version the events carry: the one the site's `stripe` library pins. */
export const API_VERSION = '2026-10-28.endive';

function event(world: World, type: string, object: Json): StripeEvent {
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

const asNumber = (v: unknown, fallback = 0) => (typeof v === 'string' || typeof v === 'number' ? Number(v) : fallback);

/** `checkout.sessions.create` with the parameters as the stripe library sends them (decoded form, strings). */
export function createSession(world: World, params: Json, baseUrl: string): Session {
  const lines = ((params.line_items as Json[] | undefined) ?? []).map((line): LineItem => {
    const price = (line.price_data ?? {}) as Json;
    const product = (price.product_data ?? {}) as Json;
    return {
      name: String(product.name ?? 'Item'),
      unitAmount: asNumber(price.unit_amount),
      quantity: asNumber(line.quantity, 1),
      recurring: price.recurring !== undefined,
    };
  });
  const currency = String(((params.line_items as Json[] | undefined)?.[0]?.price_data as Json | undefined)?.currency ?? 'usd');
  const id = newId('cs');
  const invoiceCreation = (params.invoice_creation as Json | undefined)?.enabled;
  const session: Session = {
    id,
    object: 'checkout.session',
    mode: String(params.mode ?? 'payment'),
    status: 'open',
    payment_status: 'unpaid',
    amount_total: lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
    currency,
    success_url: String(params.success_url ?? ''),
    cancel_url: String(params.cancel_url ?? ''),
    metadata: (params.metadata as Record<string, string> | undefined) ?? {},
    client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
    customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
    customer: null,
    customer_details: null,
    payment_intent: null,
    subscription: null,
    invoice: null,
    invoice_creation: params.mode === 'payment' ? { enabled: invoiceCreation === 'true' || invoiceCreation === true } : null,
    livemode: false,
    created: now(),
    // Stripe's hosted page; here the stand-in's own.
    url: `${baseUrl}/c/pay/${id}`,
    _lines: lines,
    _subscriptionMetadata: ((params.subscription_data as Json | undefined)?.metadata as Record<string, string> | undefined) ?? {},
  };
  world.sessions[id] = session;
  return session;
}

function receipt(world: World, to: string, kind: 'receipt' | 'invoice', about: string, amount: number, currency: string) {
  world.receipts.push({ to, kind, about, amount, currency, at: new Date().toISOString() });
}

/** The buyer pays on the hosted page with `email`: the session completes; answers the events Stripe sends. */
export function paySession(world: World, sessionId: string, email: string): StripeEvent[] {
  const session = world.sessions[sessionId];
  if (!session) throw new Error(`No such checkout.session: '${sessionId}'`);
  if (session.status !== 'open') throw new Error('This Checkout Session is no longer active.');
  const buyerEmail = session.customer_email ?? email;
  const events: StripeEvent[] = [];
  session.status = 'complete';
  session.payment_status = 'paid';
  session.customer_details = { email: buyerEmail };
  session.url = null;
  if (session.mode === 'subscription') {
    const customer = { id: newId('cus', false), object: 'customer', email: buyerEmail };
    world.customers[customer.id] = customer;
    const monthly = session._lines.filter((l) => l.recurring).reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
    const subscription = {
      id: newId('sub', false),
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      metadata: (session._subscriptionMetadata as Record<string, string>) ?? {},
      created: now(),
      livemode: false,
      _monthly: monthly,
      _currency: session.currency,
      _plan: session._lines.find((l) => l.recurring)?.name ?? 'Subscription',
    };
    world.subscriptions[subscription.id] = subscription;
    const invoice = newInvoice(world, subscription, session.amount_total, 'paid', 'subscription_create');
    session.customer = customer.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    events.push(event(world, 'checkout.session.completed', session));
    events.push(event(world, 'invoice.paid', invoice));
    receipt(world, buyerEmail, 'invoice', invoice.id, session.amount_total, session.currency);
  } else {
    const charge = newCharge(world, session.amount_total, session.currency);
    session.payment_intent = charge.payment_intent;
    if (session.invoice_creation?.enabled) {
      const invoice = newInvoice(world, undefined, session.amount_total, 'paid', 'manual');
      session.invoice = invoice.id;
      receipt(world, buyerEmail, 'invoice', invoice.id, session.amount_total, session.currency);
    } else {
      receipt(world, buyerEmail, 'receipt', charge.id, session.amount_total, session.currency);
    }
    events.push(event(world, 'checkout.session.completed', session));
  }
  return events;
}

function newCharge(world: World, amount: number, currency: string) {
  const pi = { id: newId('pi', false), object: 'payment_intent', amount, currency, status: 'succeeded', latest_charge: '' };
  const charge = { id: newId('ch', false), object: 'charge', payment_intent: pi.id, amount, amount_refunded: 0, refunded: false, currency, paid: true, livemode: false };
  pi.latest_charge = charge.id;
  world.paymentIntents[pi.id] = pi;
  world.charges[charge.id] = charge;
  return charge;
}

function newInvoice(
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

function chargeOf(world: World, paymentIntentId: string) {
  const pi = world.paymentIntents[paymentIntentId];
  const charge = pi ? world.charges[pi.latest_charge] : undefined;
  if (!charge) throw new Error(`No such payment_intent: '${paymentIntentId}'`);
  return charge;
}

/** The operator refunds a payment in full (dashboard): `charge.refunded`. */
export function refundPayment(world: World, paymentIntentId: string): StripeEvent[] {
  const charge = chargeOf(world, paymentIntentId);
  charge.refunded = true;
  charge.amount_refunded = charge.amount;
  const session = Object.values(world.sessions).find((s) => s.payment_intent === paymentIntentId);
  const email = session?.customer_details?.email;
  if (email) receipt(world, email, 'receipt', `refund of ${charge.id}`, -charge.amount, String(charge.currency));
  return [event(world, 'charge.refunded', charge)];
}

/** The bank decides a dispute for the buyer: `charge.dispute.closed` with status `lost`. */
export function loseDispute(world: World, paymentIntentId: string): StripeEvent[] {
  const charge = chargeOf(world, paymentIntentId);
  const dispute = { id: newId('dp', false), object: 'dispute', charge: charge.id, payment_intent: paymentIntentId, amount: charge.amount, currency: charge.currency, status: 'lost', reason: 'fraudulent', livemode: false, created: now() };
  return [event(world, 'charge.dispute.closed', dispute)];
}

function subscriptionOf(world: World, subscriptionId: string) {
  const subscription = world.subscriptions[subscriptionId];
  if (!subscription) throw new Error(`No such subscription: '${subscriptionId}'`);
  return subscription;
}

/** A monthly renewal fails (card declined): `invoice.payment_failed`; the subscription is past due. */
export function failRenewal(world: World, subscriptionId: string): StripeEvent[] {
  const subscription = subscriptionOf(world, subscriptionId);
  if (subscription.status === 'canceled') throw new Error('This subscription is cancelled.');
  subscription.status = 'past_due';
  const invoice = newInvoice(world, subscription, subscription._monthly, 'open', 'subscription_cycle');
  return [event(world, 'invoice.payment_failed', invoice)];
}

/** The subscriber updates the card in the portal and the open renewals are paid: `invoice.paid`. */
export function payOpenInvoices(world: World, subscriptionId: string): StripeEvent[] {
  const subscription = subscriptionOf(world, subscriptionId);
  const open = Object.values(world.invoices).filter(
    (i) => i.status === 'open' && ((i.parent as Json | null)?.subscription_details as Json | undefined)?.subscription === subscriptionId,
  );
  if (subscription.status === 'past_due') subscription.status = 'active';
  return open.map((invoice) => {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    const customer = world.customers[subscription.customer];
    if (customer) receipt(world, customer.email, 'invoice', invoice.id, Number(invoice.amount_due), subscription._currency);
    return event(world, 'invoice.paid', invoice);
  });
}

/** The subscriber (portal) or the operator cancels: `customer.subscription.deleted`. */
export function cancelSubscription(world: World, subscriptionId: string): StripeEvent[] {
  const subscription = subscriptionOf(world, subscriptionId);
  if (subscription.status === 'canceled') return [];
  subscription.status = 'canceled';
  subscription.canceled_at = now();
  subscription.ended_at = now();
  return [event(world, 'customer.subscription.deleted', subscription)];
}

/** `billing_portal.sessions.create`. */
export function createPortalSession(world: World, customerId: string, returnUrl: string | null, baseUrl: string) {
  if (!world.customers[customerId]) throw new Error(`No such customer: '${customerId}'`);
  const id = newId('bps', false);
  const session = { id, object: 'billing_portal.session', customer: customerId, return_url: returnUrl, url: `${baseUrl}/p/session/${id}`, created: now(), livemode: false };
  world.portalSessions[id] = session;
  return session;
}
