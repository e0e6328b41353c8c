/**
 * Purchases and their states, as the site keeps them (the `purchases` table, keyed by the Checkout session id).
 *
 * A purchase is what a paid Stripe Checkout session of this site bought: an app (one-time) or the AI agent
 * package (a subscription). It belongs to the account that bought it signed in (Stripe's `client_reference_id`)
 * or that added it afterwards, and, for buyers without an account, to the browser that completed the checkout.
 * It is paid or refunded (a full refund or a lost dispute takes the prompt back), and a subscription is active,
 * past due (a renewal failed) or cancelled.
 *
 * Stripe delivers webhooks at least once and in any order, and the success screen may confirm a session before
 * its webhook arrives. So every write is a merge that can run first, last or twice: the first completion
 * records the purchase, a later one changes nothing; a refund stays a refund; a cancellation is final; an account
 * or a browser, once set, is never replaced; a subscription state only follows a newer Stripe event.
 */
import { findApp, servicesPackage } from '@shared/content/catalogue';
import type { ProductType } from '@shared/contract/schemas/checkout';
import type { PurchaseSummary, SubscriptionStatus } from '@shared/contract/schemas/purchases';

/** What was bought: the services package or a marketplace app (the checkout request's `type`). */
export type PurchaseType = ProductType;

/** What a paid Checkout session says was bought, and by whom (read from the session, never from a browser). */
export interface CompletedCheckout {
  /** Stripe Checkout session id (`cs_...`): the table's key. */
  readonly sessionId: string;
  /** Catalogue id of what was bought: an app id, or the services package's product id. */
  readonly appId: string;
  readonly type: PurchaseType;
  /** In the smallest currency unit, as Stripe reports it. */
  readonly amountTotal: number | null;
  readonly currency: string | null;
  readonly customerEmail: string | null;
  /** The account that bought it signed in (`client_reference_id`). */
  readonly userId?: string;
  readonly customerId?: string;
  readonly paymentIntentId?: string;
  readonly subscriptionId?: string;
  /** The Stripe event that recorded it, or how it was confirmed without one (for tracing). */
  readonly eventId: string;
  readonly livemode: boolean;
  /** When Stripe says it happened (epoch seconds): orders a subscription's first state against later events. */
  readonly occurredAt: number;
}

export interface Purchase extends CompletedCheckout {
  /** ISO time the purchase was first recorded here. */
  readonly createdAt: string;
  readonly status: 'paid' | 'refunded';
  readonly refundedAt?: string;
  readonly refundReason?: 'refund' | 'dispute';
  readonly subscriptionStatus?: SubscriptionStatus;
  /** SHA-256 (hex) of the key in the httpOnly cookie of the browser that completed the checkout. */
  readonly browserKeyHash?: string;
  /**
   * The subscription's invoices whose payment failed, each with its notice (`renewal-failed-<invoice>`): the one
   * link from the purchase to those notices, through which a person's erasure finds them.
   */
  readonly failedInvoiceIds?: readonly string[];
  /**
   * When a person's erasure pseudonymised it (lambdas/domain/leads/person.ts): `customerEmail` is null from then
   * on; what was bought, the amount, the dates and Stripe's ids stay, as bookkeeping records must.
   */
  readonly erasedAt?: string;
}

/** A change of a subscription's state, from a Stripe event of that time (epoch seconds). */
export interface SubscriptionChange {
  readonly status: SubscriptionStatus;
  readonly at: number;
}

export interface PurchaseStore {
  /**
   * Records a paid checkout: creates the purchase, or completes one that a later event started (a refund or a
   * cancellation that arrived first), keeping what is already there. 'recorded' the first time, else 'duplicate'.
   */
  recordCompleted(checkout: CompletedCheckout, now: Date): Promise<'recorded' | 'duplicate'>;
  /** Marks the purchase refunded (full refund or lost dispute); the first reason and time are kept. */
  markRefunded(sessionId: string, reason: 'refund' | 'dispute', now: Date): Promise<void>;
  /**
   * Changes a subscription's state if the change is newer than the last one applied; a cancellation is final and
   * wins whenever it comes. 'changed', or 'unchanged' when the stored state is newer or cancelled.
   */
  changeSubscription(sessionId: string, change: SubscriptionChange): Promise<'changed' | 'unchanged'>;
  /** Adds an invoice whose payment failed to the purchase's `failedInvoiceIds` (once, however often it comes). */
  noteFailedInvoice(sessionId: string, invoiceId: string): Promise<void>;
  /** A recorded purchase; undefined when the session is unknown or only a later event of it arrived so far. */
  find(sessionId: string): Promise<Purchase | undefined>;
  /** The purchases of an account, newest first. */
  listByUser(userId: string): Promise<Purchase[]>;
  /** Puts the purchase into an account unless it is in another: 'assigned', 'already' (this one) or 'other'. */
  assignUser(sessionId: string, userId: string): Promise<'assigned' | 'already' | 'other'>;
  /** Ties the purchase to a browser unless it is tied to another: 'bound', 'already' (this one) or 'other'. */
  bindBrowser(sessionId: string, browserKeyHash: string): Promise<'bound' | 'already' | 'other'>;
  /**
   * Counts one prompt retrieval of the purchase within a window of `windowSeconds`; false (nothing counted) when
   * `limit` retrievals were made in the current window.
   */
  countPromptRetrieval(sessionId: string, now: Date, limit: number, windowSeconds: number): Promise<boolean>;
}

/** The parts of a Stripe Checkout session this site reads (structural, so tests need no Stripe objects). */
export interface CheckoutSessionLike {
  readonly id?: unknown;
  readonly object?: unknown;
  readonly status?: unknown;
  readonly payment_status?: unknown;
  readonly amount_total?: unknown;
  readonly currency?: unknown;
  readonly metadata?: Record<string, unknown> | null;
  readonly customer_details?: { readonly email?: unknown } | null;
  readonly customer_email?: unknown;
  readonly client_reference_id?: unknown;
  readonly customer?: unknown;
  readonly payment_intent?: unknown;
  readonly subscription?: unknown;
  readonly livemode?: unknown;
  readonly created?: unknown;
}

/** A Cognito `sub` (a UUID): the only account reference a session may carry. */
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Stripe id of the given kind (`cus`, `pi`, `sub`), or of an expanded object. */
function stripeId(value: unknown, prefix: string): string | undefined {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  return typeof id === 'string' && id.startsWith(`${prefix}_`) && id.length <= 255 ? id : undefined;
}

/**
 * The purchase a Checkout session stands for, when it is this site's and paid. `how` names what vouches for it
 * (the webhook event's id, or the lookup that found it). Anything else says why it is not a purchase.
 */
export function checkoutFromSession(session: CheckoutSessionLike | null | undefined, how: { eventId: string; occurredAt: number }): CompletedCheckout | { ignored: string } {
  if (session?.object !== 'checkout.session' || typeof session.id !== 'string') return { ignored: 'not a checkout session' };
  // A completed session paid by a delayed method (bank debit) is 'unpaid' until async_payment_succeeded.
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return { ignored: 'payment still pending' };
  if (session.status !== undefined && session.status !== 'complete') return { ignored: 'checkout not complete' };
  const appId = session.metadata?.appId;
  const type = session.metadata?.type;
  if (typeof appId !== 'string' || (type !== 'services' && type !== 'marketplace')) {
    return { ignored: 'session was not created by this site' };
  }
  const email = session.customer_details?.email ?? session.customer_email;
  const userId = typeof session.client_reference_id === 'string' && ACCOUNT_ID.test(session.client_reference_id) ? session.client_reference_id : undefined;
  const customerId = stripeId(session.customer, 'cus');
  const paymentIntentId = stripeId(session.payment_intent, 'pi');
  const subscriptionId = stripeId(session.subscription, 'sub');
  return {
    sessionId: session.id,
    appId,
    type,
    amountTotal: typeof session.amount_total === 'number' ? session.amount_total : null,
    currency: typeof session.currency === 'string' ? session.currency : null,
    customerEmail: typeof email === 'string' ? email : null,
    ...(userId ? { userId } : {}),
    ...(customerId ? { customerId } : {}),
    ...(paymentIntentId ? { paymentIntentId } : {}),
    ...(subscriptionId ? { subscriptionId } : {}),
    eventId: how.eventId,
    livemode: session.livemode === true,
    occurredAt: how.occurredAt,
  };
}

/** The name a buyer and the support staff know a purchase by. */
export function purchaseName(appId: string): string {
  if (appId === servicesPackage.productId) return servicesPackage.name;
  return findApp(appId)?.name ?? appId;
}

/** A purchase as "My purchases" and the success screen show it. */
export function purchaseSummary(p: Purchase): PurchaseSummary {
  return {
    sessionId: p.sessionId,
    appId: p.appId,
    appName: purchaseName(p.appId),
    type: p.type,
    purchasedAt: p.createdAt,
    amountTotal: p.amountTotal,
    currency: p.currency,
    status: p.status,
    ...(p.type === 'services' ? { subscription: p.subscriptionStatus ?? 'active' } : {}),
  };
}
