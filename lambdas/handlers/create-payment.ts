/**
 * POST /api/create-payment: `{ type, productId, appName }` -> `{ url, fallback }`. The URL is Stripe Checkout's
 * hosted page (priced from the catalogue) or, when Stripe is not configured or fails, the fallback checkout.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { paymentRequestSchema } from '@shared/contract/schemas/payment';
import { checkoutDeps } from '../composition/checkout';
import { checkoutFor } from '../domain/marketplace/checkout';
import { httpHandler, ok } from '../lib/http';
import { logger } from '../lib/logger';

export const handler = httpHandler(deployedRoutes.createPayment, paymentRequestSchema, async ({ body }) => {
  const deps = await checkoutDeps((error) =>
    logger.error('Stripe Checkout failed; answering the fallback checkout', { error: error as Error, productId: body.productId }),
  );
  return ok(await checkoutFor(body, deps));
});
