/**
 * The composition root of the checkout (lambdas/domain/checkout/checkout-request.ts): Stripe's library, with the key
 * from the stage's secret, as the checkout provider (./stripe.ts). Checkout, purchases and prompts are each wired in a
 * file of their own (./purchases.ts, ./prompts.ts), so that a function bundles only the clients it uses: the prompt
 * function no Stripe, the checkout no DynamoDB.
 */
import type { CheckoutDeps, CheckoutProvider } from '../domain/checkout/checkout-request';
import { setting } from '../lib/env';
import { logger } from '../lib/logger';
import { checkoutProvider } from './stripe';

/** Stripe Checkout as the checkout provider; undefined when its key is not set (or cannot be read). */
async function provider(): Promise<CheckoutProvider | undefined> {
  try {
    return await checkoutProvider();
  } catch (error) {
    // Without the key Stripe cannot be used; the buyer still gets the fallback checkout rather than an error.
    logger.error('could not read the Stripe secret', { error: error as Error });
    return undefined;
  }
}

/** What `checkoutFor` needs; `onProviderFailure` is the caller's (it knows what was being bought). */
export async function checkoutDeps(onProviderFailure: CheckoutDeps['onProviderFailure']): Promise<CheckoutDeps> {
  return { provider: await provider(), siteOrigin: setting('SITE_ORIGIN'), onProviderFailure };
}
