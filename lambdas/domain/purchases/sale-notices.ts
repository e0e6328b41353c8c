/**
 * The support staff hear of every sale (issue 21): a recorded purchase, a cancelled subscription and a failed
 * renewal each become one notice, mailed to the support recipients through the delivery engine
 * (lambdas/domain/submissions: stored first, leased, retried, sent once).
 *
 * "Once" rests on the notice's id: it is made from what the notice is about (the Checkout session, the
 * subscription, the invoice), never from the Stripe event that told us, so Stripe's replays, a second event of
 * the same sale and the success screen confirming it all name the same notice, which the engine stores once.
 */
import { servicesPackage } from '@shared/content/catalogue';
import type { SaleNoticeEvent } from '@shared/contract/staff-console';
import { purchaseName, type CompletedCheckout, type Purchase } from './record';

export type { SaleNoticeEvent };

/** What the support staff's mail says (stored as the notice's data). */
export interface SaleNoticeData {
  readonly event: SaleNoticeEvent;
  readonly appId: string | null;
  readonly appName: string;
  /** Smallest currency unit: the sale's total, or the failed invoice's amount due. */
  readonly amount: number | null;
  readonly currency: string | null;
  readonly customerEmail: string | null;
  /** The buyer's account, when the purchase is in one. */
  readonly userId: string | null;
  readonly sessionId: string | null;
  readonly paymentIntentId: string | null;
  readonly subscriptionId: string | null;
  readonly invoiceId: string | null;
  readonly customerId: string | null;
  readonly livemode: boolean;
  /** ISO time Stripe says it happened. */
  readonly occurredAt: string;
  /** Failed renewals: Stripe's attempt count and when it tries again (ISO), if it does. */
  readonly attemptCount?: number | null;
  readonly nextAttemptAt?: string | null;
  /** A failed prompt service: what went wrong, in the words the buyer read. */
  readonly failure?: string | null;
}

export interface SaleNotice {
  /** Derived from what the notice is about, so every telling of the same event names the same notice. */
  readonly id: string;
  readonly data: SaleNoticeData;
}

/** Where notices go: the delivery engine stores each id once and hands it to the delivery function. */
export interface SaleNotices {
  /** 'stored' the first time, 'exists' for a notice already stored (nothing is sent again). */
  send(notice: SaleNotice): Promise<'stored' | 'exists'>;
}

const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

const saleNoticeId = (sessionId: string) => `sale-${sessionId}`;
const cancellationNoticeId = (subscriptionId: string) => `cancellation-${subscriptionId}`;
const renewalFailedNoticeId = (invoiceId: string) => `renewal-failed-${invoiceId}`;
const promptServiceFailedNoticeId = (sessionId: string) => `prompt-service-failed-${sessionId}`;

/**
 * The ids of every notice a purchase may have had: its sale, its subscription's cancellation and each failed
 * renewal (the purchase keeps the failed invoices for this). A person's export and erasure find the notices,
 * which hold the buyer's e-mail, through the person's purchases.
 */
export function noticeIdsOf(purchase: Pick<Purchase, 'sessionId' | 'subscriptionId' | 'failedInvoiceIds'>): string[] {
  return [
    saleNoticeId(purchase.sessionId),
    ...(purchase.subscriptionId ? [cancellationNoticeId(purchase.subscriptionId)] : []),
    ...(purchase.failedInvoiceIds ?? []).map(renewalFailedNoticeId),
    promptServiceFailedNoticeId(purchase.sessionId),
  ];
}

/**
 * The staff hear that the operator's prompt webhook failed a buyer in the prompt studio (issue 40): once per
 * purchase (its id is the purchase's), however often it fails for them; every failure is kept on the studio.
 */
export function promptServiceFailedNotice(purchase: Purchase, failure: string, at: string): SaleNotice {
  return {
    id: promptServiceFailedNoticeId(purchase.sessionId),
    data: {
      event: 'promptServiceFailed',
      appId: purchase.appId,
      appName: purchaseName(purchase.appId),
      amount: null,
      currency: null,
      customerEmail: purchase.customerEmail,
      userId: purchase.userId ?? null,
      sessionId: purchase.sessionId,
      paymentIntentId: purchase.paymentIntentId ?? null,
      subscriptionId: null,
      invoiceId: null,
      customerId: purchase.customerId ?? null,
      livemode: purchase.livemode,
      occurredAt: at,
      failure,
    },
  };
}

export function saleNotice(checkout: CompletedCheckout): SaleNotice {
  return {
    id: saleNoticeId(checkout.sessionId),
    data: {
      event: 'sale',
      appId: checkout.appId,
      appName: purchaseName(checkout.appId),
      amount: checkout.amountTotal,
      currency: checkout.currency,
      customerEmail: checkout.customerEmail,
      userId: checkout.userId ?? null,
      sessionId: checkout.sessionId,
      paymentIntentId: checkout.paymentIntentId ?? null,
      subscriptionId: checkout.subscriptionId ?? null,
      invoiceId: null,
      customerId: checkout.customerId ?? null,
      livemode: checkout.livemode,
      occurredAt: isoOf(checkout.occurredAt),
    },
  };
}

interface SubscriptionEventFacts {
  readonly subscriptionId: string;
  readonly customerId: string | null;
  readonly occurredAt: number;
  readonly livemode: boolean;
  /** The purchase the subscription was bought with, when known. */
  readonly checkout: CompletedCheckout | undefined;
}

function subscriptionBase(facts: SubscriptionEventFacts) {
  const c = facts.checkout;
  return {
    appId: c?.appId ?? null,
    // Only the AI agent package is sold as a subscription.
    appName: purchaseName(c?.appId ?? servicesPackage.productId),
    customerEmail: c?.customerEmail ?? null,
    userId: c?.userId ?? null,
    sessionId: c?.sessionId ?? null,
    paymentIntentId: null,
    subscriptionId: facts.subscriptionId,
    customerId: facts.customerId ?? c?.customerId ?? null,
    livemode: facts.livemode,
    occurredAt: isoOf(facts.occurredAt),
  };
}

export function cancellationNotice(facts: SubscriptionEventFacts): SaleNotice {
  return {
    id: cancellationNoticeId(facts.subscriptionId),
    data: { event: 'cancellation', ...subscriptionBase(facts), amount: null, currency: null, invoiceId: null },
  };
}

export function renewalFailedNotice(
  facts: SubscriptionEventFacts & {
    readonly invoiceId: string;
    readonly amountDue: number | null;
    readonly currency: string | null;
    readonly customerEmail: string | null;
    readonly attemptCount: number | null;
    readonly nextAttemptAt: number | null;
  },
): SaleNotice {
  const base = subscriptionBase(facts);
  return {
    // One notice per invoice: Stripe's own retries of the same renewal fail the same invoice again.
    id: renewalFailedNoticeId(facts.invoiceId),
    data: {
      event: 'renewalFailed',
      ...base,
      customerEmail: base.customerEmail ?? facts.customerEmail,
      amount: facts.amountDue,
      currency: facts.currency,
      invoiceId: facts.invoiceId,
      attemptCount: facts.attemptCount,
      nextAttemptAt: facts.nextAttemptAt === null ? null : isoOf(facts.nextAttemptAt),
    },
  };
}
