/**
 * Purchases that follow the buyer (issue 21): the Checkout session id the success screen comes back with, the
 * requests that confirm it, add it to an account and open the billing portal, and what those routes answer.
 * Shared by the web's API calls and the handlers, so both validate with the same rules and show the same texts.
 */
import type { ProductType } from './checkout';
import * as z from './zod';

/** What a refused session id reads; the same for every route that takes one. */
export const checkoutSessionIdMessage = 'The checkout session id is not valid.';

/**
 * A Stripe Checkout session id (`cs_test_...`, `cs_live_...`), as Stripe fills it into the success URL. The id
 * names a purchase; it never proves one: every route checks it with the webhook's record or with Stripe.
 */
export const checkoutSessionId = z
  .string({ error: checkoutSessionIdMessage })
  .check(
    z.trim(),
    z.minLength(1, checkoutSessionIdMessage),
    z.maxLength(255, checkoutSessionIdMessage),
    z.regex(/^cs_[A-Za-z0-9_]+$/, checkoutSessionIdMessage),
  );

/** POST /api/checkout-confirmations and POST /api/account/purchases: the purchase, by its Checkout session. */
export const checkoutSessionRequestSchema = z.strictObject({ sessionId: checkoutSessionId });
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;

/** Where Stripe's customer portal sends the subscriber back to. */
export const billingPortalReturnPaths = ['/profile'] as const;

/** POST /api/account/billing-portal. */
export const billingPortalRequestSchema = z.strictObject({
  returnPath: z.enum(billingPortalReturnPaths, { error: 'Please choose where to come back to.' }),
});
export type BillingPortalRequest = z.infer<typeof billingPortalRequestSchema>;

/** The state of a purchase as the buyer sees it. */
export type PurchaseStatus = 'paid' | 'refunded';
/** The state of a subscription (the AI agent package) as the buyer sees it. */
export type SubscriptionStatus = 'active' | 'pastDue' | 'cancelled';

/** One purchase in "My purchases". */
export interface PurchaseSummary {
  /** The Checkout session id: what Get prompt names. */
  readonly sessionId: string;
  /** The marketplace app's id, or the services package's product id. */
  readonly appId: string;
  readonly appName: string;
  readonly type: ProductType;
  /** ISO time the purchase was paid (recorded). */
  readonly purchasedAt: string;
  /** In the smallest currency unit (cents), as Stripe reports it. */
  readonly amountTotal: number | null;
  readonly currency: string | null;
  readonly status: PurchaseStatus;
  /** Subscriptions only. */
  readonly subscription?: SubscriptionStatus;
}

/** GET /api/account/purchases. */
export interface AccountPurchases {
  readonly purchases: readonly PurchaseSummary[];
  /** True when the account has a Stripe customer to open the billing portal for (a subscriber). */
  readonly canManageBilling: boolean;
}

/** POST /api/checkout-confirmations: the purchase, now tied to this browser. */
export interface CheckoutConfirmation {
  readonly purchase: PurchaseSummary;
  /** Whether the purchase is already in an account (the buyer was signed in, or added it since). */
  readonly inAccount: boolean;
  /**
   * Whether the purchase is now tied to this browser. False only when the browser sent no key yet: the answer
   * set one (httpOnly cookie), and confirming again ties it.
   */
  readonly browserTied: boolean;
}

/** POST /api/account/billing-portal. */
export interface BillingPortalSession {
  /** Stripe's customer portal, for this subscriber's customer only; valid for a few minutes. */
  readonly url: string;
}

/**
 * What the buyer reads when a request names a purchase it may not use. The prompt dialog and the profile show
 * these as they are, since retrying would not help.
 */
export const purchaseMessages = {
  refunded: 'This purchase was refunded, so its prompt is no longer available.',
  /** Item 8 of issue 24: a session id is not a password. */
  otherBrowser:
    'This purchase was paid for in another browser. On a new device, sign in and open the prompt from My Profile (add the purchase to your account first, in the browser you paid in).',
  tooManyPrompts: 'This purchase has asked for its prompt too often. Please try again in an hour.',
  otherAccount: 'This purchase already belongs to another account.',
  notInAccount: 'This purchase is not in your account.',
  notProven: 'We could not confirm this purchase with Stripe. If you have just paid, please try again in a minute.',
  noBillingAccount: 'There is no subscription to manage for this account.',
} as const;
