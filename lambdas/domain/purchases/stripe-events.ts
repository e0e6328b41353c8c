/**
 * What each Stripe event does to the purchases, and which ones the support staff are told of.
 *
 *   checkout.session.completed, .async_payment_succeeded   the purchase is recorded (a sale: notice)
 *   charge.refunded (full), charge.dispute.closed (lost)    the purchase is refunded: its prompt is taken back
 *   customer.subscription.deleted                           the subscription is cancelled, for good (notice)
 *   invoice.payment_failed                                  a renewal failed: past due (notice, one per invoice)
 *   invoice.paid                                            a renewal was paid: active again (unless cancelled)
 *
 * Stripe delivers each event at least once and in any order. A refund or a subscription event names a payment
 * or a subscription, not the Checkout session the purchase is keyed by, so the session is asked of Stripe; being
 * the purchase's own session, it is recorded first if its own event has not arrived yet. Then every event is a
 * merge the store can apply in any order (purchases.ts), and every notice has an id of its own subject
 * (sale-notices.ts): a replay, a reordering or a second event about the same sale never mails twice, never revives
 * a cancelled subscription and never gives a refunded prompt back. Anything else (other events, other sites'
 * sessions, partial refunds, disputes won) is acknowledged and ignored: an error would only make Stripe retry an
 * event we never want.
 */
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import { checkoutFromSession, type CheckoutSessionLike, type CompletedCheckout, type PurchaseStore } from './record';
import { cancellationNotice, renewalFailedNotice, saleNotice, type SaleNotices } from './sale-notices';

/** Stripe, as the purchase rules ask it about sessions (the adapter calls checkout.sessions.list / retrieve). */
export interface CheckoutLookup {
  /** The Checkout session a payment came from, if it came from one. */
  sessionByPaymentIntent(paymentIntentId: string): Promise<CheckoutSessionLike | undefined>;
  /** The Checkout session a subscription was bought with, if it was bought with one. */
  sessionBySubscription(subscriptionId: string): Promise<CheckoutSessionLike | undefined>;
  /** The session with this id; undefined when Stripe does not know it. */
  retrieveSession(sessionId: string): Promise<CheckoutSessionLike | undefined>;
}

export interface PurchaseDeps {
  readonly store: PurchaseStore;
  /** Undefined when the stage has no Stripe key yet. */
  readonly stripe: CheckoutLookup | undefined;
  readonly notices: SaleNotices;
  readonly clock: Clock;
  /** Keeps the overview's figures of the purchase (lambdas/domain/overview/sales.ts) after each change of it. */
  readonly saleFigures?: (sessionId: string) => Promise<void>;
}

/** The part of a Stripe event this module reads (structural, so tests need no Stripe objects). */
export interface StripeEventLike {
  readonly id: string;
  readonly type: string;
  readonly created?: number;
  readonly livemode?: boolean;
  readonly data: { readonly object: unknown };
}

export type EventOutcome =
  | { readonly outcome: 'recorded' | 'duplicate'; readonly sessionId: string }
  | { readonly outcome: 'refunded'; readonly sessionId: string }
  | { readonly outcome: 'subscription changed' | 'subscription unchanged'; readonly sessionId: string; readonly status: string }
  | { readonly outcome: 'ignored'; readonly reason: string };

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** The events this site acts on: what the Stripe webhook endpoint must send (docs/deploy.md, deploy check). */
export const handledStripeEvents = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'charge.refunded',
  'charge.dispute.closed',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
] as const;

type Obj = Record<string, unknown>;
const asObject = (value: unknown): Obj | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : undefined);
const idOf = (value: unknown): string | undefined => {
  const id = typeof value === 'string' ? value : asObject(value)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 255 ? id : undefined;
};
const numberOr = (value: unknown, fallback: number | null): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** Records a paid checkout and stores its sale notice (both idempotent, so a retry after a failure completes both). */
export async function recordCheckout(checkout: CompletedCheckout, deps: Pick<PurchaseDeps, 'store' | 'notices' | 'clock' | 'saleFigures'>): Promise<'recorded' | 'duplicate'> {
  const outcome = await deps.store.recordCompleted(checkout, deps.clock.now());
  await deps.notices.send(saleNotice(checkout));
  await deps.saleFigures?.(checkout.sessionId);
  return outcome;
}

function lookup(deps: PurchaseDeps): CheckoutLookup {
  // 503, so Stripe keeps the event and retries it until the operator has stored the key.
  if (!deps.stripe) throw new DomainError('unavailable', 'Stripe is not configured.');
  return deps.stripe;
}

/** The purchase behind a session Stripe found for a later event, recorded first if its own event is still to come. */
async function purchaseOfSession(session: CheckoutSessionLike | undefined, event: StripeEventLike, deps: PurchaseDeps): Promise<CompletedCheckout | undefined> {
  const created = numberOr(asObject(session)?.created, null);
  const checkout = checkoutFromSession(session, { eventId: `via ${event.id}`, occurredAt: created ?? event.created ?? Math.floor(deps.clock.now().getTime() / 1000) });
  if ('ignored' in checkout) return undefined;
  await recordCheckout(checkout, deps);
  return checkout;
}

async function refund(paymentIntentId: string | undefined, reason: 'refund' | 'dispute', event: StripeEventLike, deps: PurchaseDeps): Promise<EventOutcome> {
  if (!paymentIntentId) return { outcome: 'ignored', reason: 'no payment intent' };
  const checkout = await purchaseOfSession(await lookup(deps).sessionByPaymentIntent(paymentIntentId), event, deps);
  if (!checkout) return { outcome: 'ignored', reason: 'not a purchase of this site' };
  await deps.store.markRefunded(checkout.sessionId, reason, deps.clock.now());
  await deps.saleFigures?.(checkout.sessionId);
  return { outcome: 'refunded', sessionId: checkout.sessionId };
}

function invoiceSubscription(invoice: Obj): string | undefined {
  // Since API version 2025-03-31 an invoice names its subscription under parent.subscription_details.
  const details = asObject(asObject(invoice.parent)?.subscription_details);
  return idOf(details?.subscription) ?? idOf(invoice.subscription);
}

export async function handleStripeEvent(event: StripeEventLike, deps: PurchaseDeps): Promise<EventOutcome> {
  // A validly signed body is Stripe's, yet need not be a whole event (no `data`, not even an object).
  if (typeof event !== 'object' || event === null) return { outcome: 'ignored', reason: 'not an event' };
  const object = asObject(event.data?.object);
  if (!object) return { outcome: 'ignored', reason: 'event without an object' };
  const occurredAt = numberOr(event.created, Math.floor(deps.clock.now().getTime() / 1000)) as number;

  if (PAID_EVENTS.has(event.type)) {
    const checkout = checkoutFromSession(object, { eventId: event.id, occurredAt });
    if ('ignored' in checkout) return { outcome: 'ignored', reason: checkout.ignored };
    return { outcome: await recordCheckout(checkout, deps), sessionId: checkout.sessionId };
  }

  switch (event.type) {
    case 'charge.refunded': {
      // A partial refund leaves the purchase as it is (the buyer keeps what they paid for).
      if (object.refunded !== true) return { outcome: 'ignored', reason: 'partial refund' };
      return refund(idOf(object.payment_intent), 'refund', event, deps);
    }
    case 'charge.dispute.closed': {
      if (object.status !== 'lost') return { outcome: 'ignored', reason: `dispute ${String(object.status)}` };
      return refund(idOf(object.payment_intent), 'dispute', event, deps);
    }
    case 'customer.subscription.deleted':
    case 'invoice.payment_failed':
    case 'invoice.paid': {
      const subscriptionId = event.type === 'customer.subscription.deleted' ? idOf(object.id) : invoiceSubscription(object);
      if (!subscriptionId) return { outcome: 'ignored', reason: 'no subscription' };
      const checkout = await purchaseOfSession(await lookup(deps).sessionBySubscription(subscriptionId), event, deps);
      if (!checkout) return { outcome: 'ignored', reason: 'not a subscription of this site' };
      const status = event.type === 'customer.subscription.deleted' ? 'cancelled' : event.type === 'invoice.paid' ? 'active' : 'pastDue';
      const changed = await deps.store.changeSubscription(checkout.sessionId, { status, at: occurredAt });
      await deps.saleFigures?.(checkout.sessionId);
      const facts = { subscriptionId, customerId: idOf(object.customer) ?? null, occurredAt, livemode: event.livemode === true, checkout };
      if (event.type === 'customer.subscription.deleted') await deps.notices.send(cancellationNotice(facts));
      if (event.type === 'invoice.payment_failed') {
        const invoiceId = idOf(object.id);
        if (invoiceId) {
          // Before the notice: a notice that exists is then always found from its purchase (a person's erasure).
          await deps.store.noteFailedInvoice(checkout.sessionId, invoiceId);
          await deps.notices.send(
            renewalFailedNotice({
              ...facts,
              invoiceId,
              amountDue: numberOr(object.amount_due, null),
              currency: typeof object.currency === 'string' ? object.currency : null,
              customerEmail: typeof object.customer_email === 'string' ? object.customer_email : null,
              attemptCount: numberOr(object.attempt_count, null),
              nextAttemptAt: numberOr(object.next_payment_attempt, null),
            }),
          );
        }
      }
      return { outcome: changed === 'changed' ? 'subscription changed' : 'subscription unchanged', sessionId: checkout.sessionId, status };
    }
    default:
      return { outcome: 'ignored', reason: `event type ${String(event.type)}` };
  }
}
