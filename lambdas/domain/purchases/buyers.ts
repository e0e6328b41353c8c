/**
 * Purchases that follow the buyer (issue 21): the success screen's confirmation, "My purchases", adding a
 * purchase made signed out to the account, and the billing portal.
 *
 * A session id a browser sends names a purchase; it never proves one. The proof is the Checkout session itself:
 * the webhook's record of it, or else Stripe's answer about it (retrieved by the server, paid and made by this
 * site), which is then recorded as the webhook would (Stripe's guidance: fulfil from the webhook, since buyers
 * need not reach the success page, and the success page may arrive first). Whose it is comes from Stripe too (the
 * account it was bought under) or from the browser that completed the checkout (browser-binding.ts), or from the
 * e-mail the account verified with Cognito being the one the buyer paid with.
 */
import { billingPortalReturnPaths, purchaseMessages, type AccountPurchases, type CheckoutConfirmation, type PurchaseSummary } from '@shared/contract/schemas/purchases';
import { DomainError } from '../errors';
import { bindToBrowser, isBoundTo } from './browser-binding';
import { checkoutFromSession, purchaseSummary, type Purchase } from './record';
import { recordCheckout, type PurchaseDeps } from './stripe-events';

/** Stripe's customer portal, as the domain sees it. */
export interface BillingPortal {
  /** A portal session for this customer only, returning to `returnUrl`; answers its URL. */
  createSession(customerId: string, returnUrl: string): Promise<string>;
}

/** No recorded purchase, and Stripe does not vouch for one either. */
export class PurchaseNotProven extends DomainError {
  constructor() {
    super('forbidden', purchaseMessages.notProven);
    this.name = 'PurchaseNotProven';
  }
}

/**
 * The purchase of a Checkout session: the webhook's record, or else the session as Stripe tells it, recorded now
 * (with its sale notice) when it is paid and this site's. PurchaseNotProven otherwise.
 */
export async function provePurchase(sessionId: string, deps: PurchaseDeps): Promise<Purchase> {
  const recorded = await deps.store.find(sessionId);
  if (recorded) return recorded;
  // Without a Stripe key only the webhook could have recorded it, and it has not (yet).
  if (!deps.stripe) throw new PurchaseNotProven();
  const session = await deps.stripe.retrieveSession(sessionId);
  const checkout = checkoutFromSession(session, { eventId: 'checkout session lookup', occurredAt: Math.floor(deps.clock.now().getTime() / 1000) });
  // The id Stripe answered must be the one asked for: a session is never taken for another.
  if ('ignored' in checkout || checkout.sessionId !== sessionId) throw new PurchaseNotProven();
  await recordCheckout(checkout, deps);
  const purchase = await deps.store.find(sessionId);
  if (!purchase) throw new Error(`purchase ${sessionId} missing right after it was recorded`);
  return purchase;
}

/**
 * The success screen: proves the session and ties the purchase to this browser (its key, browser-binding.ts). A
 * browser that sent no key (it had none yet; the answer gives it one) is told the purchase is not tied yet, and
 * confirms again with its new key; a purchase tied to another browser is refused.
 */
export async function checkoutConfirmation(sessionId: string, browserKey: string | undefined, deps: PurchaseDeps): Promise<CheckoutConfirmation> {
  const purchase = await provePurchase(sessionId, deps);
  const answer = { purchase: purchaseSummary(purchase), inAccount: purchase.userId !== undefined };
  if (browserKey === undefined && purchase.browserKeyHash === undefined) return { ...answer, browserTied: false };
  if (!(await bindToBrowser(deps.store, purchase, browserKey))) throw new DomainError('forbidden', purchaseMessages.otherBrowser);
  return { ...answer, browserTied: true };
}

/** How the buyer proves a purchase is theirs when adding it to their account. */
export interface Claimant {
  readonly userId: string;
  /** The browser's key (its cookie), if it sent one. */
  readonly browserKey: string | undefined;
  /** The account's e-mail if Cognito says it is verified, else undefined (asked only when needed). */
  readonly verifiedEmail: () => Promise<string | undefined>;
}

/**
 * Adds a purchase made signed out to the account. It must be proven (provePurchase) and be the claimant's: paid
 * in this browser (the cookie the success screen set), or paid with the e-mail the account verified. A purchase
 * already in another account stays there.
 */
export async function addPurchaseToAccount(sessionId: string, claimant: Claimant, deps: PurchaseDeps): Promise<PurchaseSummary> {
  const purchase = await provePurchase(sessionId, deps);
  if (purchase.userId === claimant.userId) return purchaseSummary(purchase);
  if (purchase.userId !== undefined) throw new DomainError('conflicting', purchaseMessages.otherAccount);
  if (!(await isClaimantsPurchase(purchase, claimant))) throw new DomainError('forbidden', purchaseMessages.otherBrowser);
  const outcome = await deps.store.assignUser(sessionId, claimant.userId);
  if (outcome === 'other') throw new DomainError('conflicting', purchaseMessages.otherAccount);
  return purchaseSummary({ ...purchase, userId: claimant.userId });
}

async function isClaimantsPurchase(purchase: Purchase, claimant: Claimant): Promise<boolean> {
  // Only a browser the purchase is already tied to counts: adding to an account never ties a purchase to a browser,
  // or a signed-in stranger who learnt the session id of an unopened purchase could take it.
  if (isBoundTo(purchase, claimant.browserKey)) return true;
  const paidWith = purchase.customerEmail?.trim().toLowerCase();
  if (!paidWith) return false;
  const email = (await claimant.verifiedEmail())?.trim().toLowerCase();
  return email !== undefined && email === paidWith;
}

/** "My purchases": the account's purchases, newest first, and whether it has a subscription to manage. */
export async function purchasesOfAccount(userId: string, deps: Pick<PurchaseDeps, 'store'>): Promise<AccountPurchases> {
  const purchases = await deps.store.listByUser(userId);
  return {
    purchases: purchases.map(purchaseSummary),
    canManageBilling: purchases.some((p) => p.type === 'services' && p.customerId !== undefined),
  };
}

/**
 * A customer portal session for the subscriber's own Stripe customer (the newest subscription of the account),
 * returning to the site's `returnPath`. The customer comes from the account's purchases, never from the request.
 */
export async function billingPortalUrl(
  userId: string,
  returnPath: (typeof billingPortalReturnPaths)[number],
  deps: Pick<PurchaseDeps, 'store'> & { readonly portal: BillingPortal | undefined; readonly siteOrigin: string },
): Promise<string> {
  const customerId = (await deps.store.listByUser(userId)).find((p) => p.type === 'services' && p.customerId !== undefined)?.customerId;
  if (!customerId) throw new DomainError('not-found', purchaseMessages.noBillingAccount);
  if (!deps.portal) throw new DomainError('unavailable', 'The billing portal is not configured yet. Please try again later.');
  try {
    return await deps.portal.createSession(customerId, `${deps.siteOrigin.replace(/\/+$/, '')}${returnPath}`);
  } catch (error) {
    throw new DomainError('upstream-failed', 'The billing portal is not available right now. Please try again later.', { cause: error });
  }
}
