/**
 * Which Stripe events become purchases. Stripe delivers webhooks at least once and may resend an event, so
 * the store records a checkout session at most once (keyed by its id); everything else is acknowledged and
 * ignored, because answering an error would only make Stripe retry an event we never want.
 */

export interface Purchase {
  /** Stripe Checkout session id (`cs_...`): the table's key. */
  readonly sessionId: string;
  /** Catalogue id of what was bought: an app id, or the services package's product id. */
  readonly appId: string;
  readonly type: 'services' | 'marketplace';
  /** In the smallest currency unit, as Stripe reports it. */
  readonly amountTotal: number | null;
  readonly currency: string | null;
  readonly customerEmail: string | null;
  /** The Stripe event that recorded it, for tracing. */
  readonly eventId: string;
  readonly livemode: boolean;
  readonly createdAt: string;
}

export interface PurchaseStore {
  /** Records unless the session is already recorded; answers which happened. */
  record(purchase: Purchase): Promise<'recorded' | 'duplicate'>;
  find(sessionId: string): Promise<Purchase | undefined>;
}

/** The part of a Stripe event this module reads (kept structural so tests need no Stripe objects). */
interface StripeEventLike {
  readonly id: string;
  readonly type: string;
  readonly livemode?: boolean;
  readonly data: { readonly object: unknown };
}

interface CheckoutSessionLike {
  id?: unknown;
  object?: unknown;
  payment_status?: unknown;
  amount_total?: unknown;
  currency?: unknown;
  metadata?: Record<string, unknown> | null;
  customer_details?: { email?: unknown } | null;
}

type EventOutcome =
  | { readonly outcome: 'recorded'; readonly sessionId: string }
  | { readonly outcome: 'duplicate'; readonly sessionId: string }
  | { readonly outcome: 'ignored'; readonly reason: string };

/** Events that mean "the buyer has paid": completed with money collected, or a delayed payment that cleared. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

function purchaseFromEvent(event: StripeEventLike, now: Date): Purchase | { ignored: string } {
  // A validly signed body is Stripe's, yet need not be a whole event (no `data`, not even an object): it is
  // ignored like any event we do not want, since an error would only make Stripe retry it for days.
  if (typeof event !== 'object' || event === null) return { ignored: 'not an event' };
  if (!PAID_EVENTS.has(event.type)) return { ignored: `event type ${String(event.type)}` };
  const session = event.data?.object as CheckoutSessionLike | undefined;
  if (session?.object !== 'checkout.session' || typeof session.id !== 'string') return { ignored: 'not a checkout session' };
  // A completed session paid by a delayed method (bank debit) is 'unpaid' until async_payment_succeeded.
  if (session.payment_status === 'unpaid') return { ignored: 'payment still pending' };
  const appId = session.metadata?.appId;
  const type = session.metadata?.type;
  if (typeof appId !== 'string' || (type !== 'services' && type !== 'marketplace')) {
    return { ignored: 'session was not created by this site' };
  }
  return {
    sessionId: session.id,
    appId,
    type,
    amountTotal: typeof session.amount_total === 'number' ? session.amount_total : null,
    currency: typeof session.currency === 'string' ? session.currency : null,
    customerEmail: typeof session.customer_details?.email === 'string' ? session.customer_details.email : null,
    eventId: event.id,
    livemode: event.livemode === true,
    createdAt: now.toISOString(),
  };
}

export async function handleStripeEvent(event: StripeEventLike, store: PurchaseStore, now = new Date()): Promise<EventOutcome> {
  const purchase = purchaseFromEvent(event, now);
  if ('ignored' in purchase) return { outcome: 'ignored', reason: purchase.ignored };
  const result = await store.record(purchase);
  return { outcome: result, sessionId: purchase.sessionId };
}
