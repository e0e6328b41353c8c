/**
 * POST /api/create-payment: `{ type, productId, appName }` -> `{ url, fallback }`. The URL is Stripe Checkout's
 * hosted page (priced from the catalogue) or, when Stripe is not configured or fails, the fallback checkout.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { paymentRequestSchema } from '@shared/contract/schemas/payment';
import { stripeClient, stripePaymentProvider } from '../adapters/stripe';
import { checkoutFor, type PaymentProvider } from '../domain/marketplace/checkout';
import { setting } from '../lib/env';
import { httpHandler, ok } from '../lib/http';
import { logger } from '../lib/logger';
import { secretSetting } from '../lib/secrets';

let cachedProvider: { key: string; apiUrl: string; provider: PaymentProvider } | undefined;

async function paymentProvider(): Promise<PaymentProvider | undefined> {
  let key: string;
  try {
    key = await secretSetting('STRIPE_SECRET_KEY');
  } catch (error) {
    // Without the key Stripe cannot be used; the buyer still gets the fallback checkout rather than an error.
    logger.error('could not read the Stripe secret', { error: error as Error });
    return undefined;
  }
  if (!key) return undefined;
  const apiUrl = setting('STRIPE_API_URL');
  if (cachedProvider?.key !== key || cachedProvider.apiUrl !== apiUrl) {
    cachedProvider = { key, apiUrl, provider: stripePaymentProvider(stripeClient(key, apiUrl)) };
  }
  return cachedProvider.provider;
}

export const handler = httpHandler(deployedRoutes.createPayment, paymentRequestSchema, async ({ body }) => {
  const result = await checkoutFor(body, {
    provider: await paymentProvider(),
    siteOrigin: setting('SITE_ORIGIN'),
    onProviderFailure: (error) =>
      logger.error('Stripe Checkout failed; answering the fallback checkout', { error: error as Error, productId: body.productId }),
  });
  return ok(result);
});
