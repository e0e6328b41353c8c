/**
 * The purchases function (issue 21), one Lambda for four routes:
 *   POST /api/checkout-confirmations  the success screen: proves the Checkout session, ties it to this browser
 *   GET  /api/account/purchases       "My purchases" of the signed-in account
 *   POST /api/account/purchases       adds a purchase made signed out to the account
 *   POST /api/account/billing-portal  a Stripe customer portal session for the account's own customer
 * The account always comes from the verified token (httpHandler's userId), never from the request.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { billingPortalRequestSchema, checkoutSessionRequestSchema } from '@shared/contract/schemas/purchases';
import { verifiedEmail } from '../composition/account-email';
import { purchaseDeps } from '../composition/purchases';
import { liveSession } from '../composition/sessions';
import { billingPortal } from '../composition/stripe';
import { addPurchaseToAccount, checkoutConfirmation, purchasesOfAccount, billingPortalUrl } from '../domain/purchases/buyers';
import { browserKeyOf, withBrowserKey } from '../composition/browser-key';
import { setting } from '../lib/env';
import { bearerToken, httpHandler, ok, routesHandler } from '../lib/http';

/** httpHandler answers 401 on a `user` route without a sub before this runs; the check keeps the types honest. */
function requireUser(userId: string | undefined): string {
  if (!userId) throw new Error('a user route ran without a verified sub');
  return userId;
}

const confirm = httpHandler(deployedRoutes.confirmCheckout, checkoutSessionRequestSchema, async ({ body, event }) =>
  ok(await checkoutConfirmation(body.sessionId, browserKeyOf(event), await purchaseDeps())),
);

const list = httpHandler(deployedRoutes.listAccountPurchases, null, async ({ userId }) =>
  ok(await purchasesOfAccount(requireUser(userId), await purchaseDeps())),
);

// Writes (a purchase tied to the account; a portal session at Stripe): only for a live session.
const add = httpHandler(
  deployedRoutes.addAccountPurchase,
  checkoutSessionRequestSchema,
  async ({ body, event, userId, headers }) =>
    ok(
      await addPurchaseToAccount(
        body.sessionId,
        { userId: requireUser(userId), browserKey: browserKeyOf(event), verifiedEmail: () => verifiedEmail(bearerToken(headers)) },
        await purchaseDeps(),
      ),
    ),
  { session: liveSession },
);

const portal = httpHandler(
  deployedRoutes.openBillingPortal,
  billingPortalRequestSchema,
  async ({ body, userId }) => {
    const deps = await purchaseDeps();
    const url = await billingPortalUrl(requireUser(userId), body.returnPath, { store: deps.store, portal: await billingPortal(), siteOrigin: setting('SITE_ORIGIN') });
    return ok({ url });
  },
  { session: liveSession },
);

export const handler = routesHandler('purchases', [
  // The confirmation ties the purchase to the browser's key: a browser without one gets one first.
  [deployedRoutes.confirmCheckout, withBrowserKey(confirm)],
  [deployedRoutes.listAccountPurchases, list],
  [deployedRoutes.addAccountPurchase, add],
  [deployedRoutes.openBillingPortal, portal],
]);
