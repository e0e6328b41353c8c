/**
 * Stripe for the functions that talk to it (createPayment, stripeWebhook, purchases): the official library with
 * the stage's secret key (STRIPE_API_URL points it at a local stand-in), built once per key, and the ports the
 * marketplace domain uses built on it. Only these functions import this module, so only they bundle Stripe.
 */
import type Stripe from 'stripe';
import { stripeBillingPortal, stripeCheckoutLookup, stripeClient, stripeCheckoutProvider, verifyStripeEvent } from '../adapters/stripe';
import type { BillingPortal } from '../domain/purchases/buyers';
import type { CheckoutProvider } from '../domain/checkout/checkout-request';
import type { CheckoutLookup } from '../domain/purchases/stripe-events';
import { setting } from '../lib/env';
import { secretSetting } from '../lib/secrets';

export { verifyStripeEvent };

let cached: { key: string; apiUrl: string; stripe: Stripe } | undefined;

/** The Stripe client, or undefined while the stage has no key stored. A secret that cannot be read throws. */
export async function stripeApi(): Promise<Stripe | undefined> {
  const key = await secretSetting('STRIPE_SECRET_KEY');
  if (!key) return undefined;
  const apiUrl = setting('STRIPE_API_URL');
  if (cached?.key !== key || cached.apiUrl !== apiUrl) cached = { key, apiUrl, stripe: stripeClient(key, apiUrl) };
  return cached.stripe;
}

export async function checkoutProvider(): Promise<CheckoutProvider | undefined> {
  const stripe = await stripeApi();
  return stripe ? stripeCheckoutProvider(stripe) : undefined;
}

export async function checkoutLookup(): Promise<CheckoutLookup | undefined> {
  const stripe = await stripeApi();
  return stripe ? stripeCheckoutLookup(stripe) : undefined;
}

export async function billingPortal(): Promise<BillingPortal | undefined> {
  const stripe = await stripeApi();
  return stripe ? stripeBillingPortal(stripe) : undefined;
}
