/**
 * POST /api/create-payment: `{ type, productId, appName }` -> `{ url, fallback }`. The URL is Stripe Checkout's
 * hosted page (priced from the catalogue) or, when Stripe is not configured or fails, the fallback checkout.
 * POST /api/account/payments: the same for a signed-in buyer: the session carries the account (Stripe's
 * client_reference_id, from the verified token) and the account's verified e-mail, prefilled on Stripe's page.
 * Both give a browser without one its httpOnly browser key (the purchase will be tied to it on the success screen).
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { checkoutRequestSchema, type CheckoutRequest } from '@shared/contract/schemas/checkout';
import { verifiedEmail } from '../composition/account-email';
import { checkoutDeps } from '../composition/checkout';
import { liveSession } from '../composition/sessions';
import { checkoutFor, type Buyer } from '../domain/checkout/checkout-request';
import { withBrowserKey } from '../composition/browser-key';
import { bearerToken, httpHandler, ok, routesHandler } from '../lib/http';
import { logger } from '../lib/logger';

async function checkout(body: CheckoutRequest, buyer?: Buyer) {
  const deps = await checkoutDeps((error) =>
    logger.error('Stripe Checkout failed; answering the fallback checkout', { error: error as Error, productId: body.productId }),
  );
  return checkoutFor(body, { ...deps, ...(buyer ? { buyer } : {}) });
}

const anonymous = httpHandler(deployedRoutes.createPayment, checkoutRequestSchema, async ({ body }) => ok(await checkout(body)));

const signedIn = httpHandler(
  deployedRoutes.createAccountPayment,
  checkoutRequestSchema,
  async ({ body, userId, headers }) => {
    if (!userId) throw new Error('a user route ran without a verified sub');
    const email = await verifiedEmail(bearerToken(headers));
    return ok(await checkout(body, { userId, ...(email ? { email } : {}) }));
  },
  { session: liveSession },
);

// Buy Now gives a browser without a key one (lambdas/composition/browser-key.ts), so that the success screen can tie the
// purchase to it however quickly the buyer closes that screen.
export const handler = routesHandler('createPayment', [
  [deployedRoutes.createPayment, withBrowserKey(anonymous)],
  [deployedRoutes.createAccountPayment, withBrowserKey(signedIn)],
]);
