/**
 * The composition root of payments: Stripe (its library, with the key from the stage's secret) and the purchases
 * table wired into the checkout and Stripe's webhook (lambdas/domain/marketplace). Apart from the prompts'
 * wiring (./prompts.ts), so that the prompt function does not bundle Stripe's library.
 */
import { stripeClient, stripePaymentProvider, verifyStripeEvent } from '../adapters/stripe';
import { purchaseStore } from '../data/purchases';
import type { CheckoutDeps, PaymentProvider } from '../domain/marketplace/checkout';
import { setting } from '../lib/env';
import { logger } from '../lib/logger';
import { secretSetting } from '../lib/secrets';

let cachedProvider: { key: string; apiUrl: string; provider: PaymentProvider } | undefined;

/** Stripe Checkout as the payment provider; undefined when its key is not set (or cannot be read). */
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

/** What `checkoutFor` needs; `onProviderFailure` is the caller's (it knows what was being bought). */
export async function checkoutDeps(onProviderFailure: CheckoutDeps['onProviderFailure']): Promise<CheckoutDeps> {
  return { provider: await paymentProvider(), siteOrigin: setting('SITE_ORIGIN'), onProviderFailure };
}

/** Stripe's event deliveries: their signing secret (empty when not set), the signature check, the purchases table. */
export const stripeEvents = {
  secret: () => secretSetting('STRIPE_WEBHOOK_SECRET'),
  verify: verifyStripeEvent,
  purchases: purchaseStore,
};
