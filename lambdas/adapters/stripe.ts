/**
 * Stripe through its official library. STRIPE_API_URL points the library at a local stand-in in tests
 * (host/port/protocol options), so the code path under test is the one that talks to Stripe in production.
 */
import Stripe from 'stripe';
import { DomainError } from '../domain/errors';
import type { BillingPortal } from '../domain/purchases/buyers';
import type { CheckoutSessionParams, CheckoutProvider } from '../domain/checkout/checkout-request';
import type { CheckoutSessionLike } from '../domain/purchases/record';
import type { CheckoutLookup } from '../domain/purchases/stripe-events';

export function stripeClient(secretKey: string, apiUrl: string): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = {
    // A hung Stripe must leave time to answer the fallback checkout within the function's timeout.
    timeout: 8000,
    maxNetworkRetries: 1,
    telemetry: false,
  };
  if (apiUrl) {
    const url = new URL(apiUrl);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(secretKey, config);
}

export function stripeCheckoutProvider(stripe: Stripe): CheckoutProvider {
  return {
    async createCheckoutSession(params: CheckoutSessionParams) {
      // Our params are a structural subset of Stripe's: assignable without a cast, so a renamed field fails typecheck.
      const request: Stripe.Checkout.SessionCreateParams = params;
      const session = await stripe.checkout.sessions.create(request);
      return { id: session.id, url: session.url };
    },
  };
}

/** Stripe's answer to "which Checkout session", through checkout.sessions.retrieve / list. */
export function stripeCheckoutLookup(stripe: Stripe): CheckoutLookup {
  const first = async (params: Stripe.Checkout.SessionListParams): Promise<CheckoutSessionLike | undefined> => {
    const list = await stripe.checkout.sessions.list({ ...params, limit: 1 });
    return list.data[0];
  };
  return {
    sessionByPaymentIntent: (paymentIntentId) => first({ payment_intent: paymentIntentId }),
    sessionBySubscription: (subscriptionId) => first({ subscription: subscriptionId }),
    async retrieveSession(sessionId) {
      try {
        return await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        // Stripe's "No such checkout.session": an id it does not know proves nothing; anything else is a failure.
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        throw error;
      }
    },
  };
}

/** Stripe's customer portal: a session for one customer, returning to the site. */
export function stripeBillingPortal(stripe: Stripe): BillingPortal {
  return {
    async createSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
  };
}

/** Webhook signature check; a tampered or stale signature is refused as invalid input (400). */
export function verifyStripeEvent(rawBody: Buffer, signatureHeader: string, webhookSecret: string): Stripe.Event {
  try {
    return Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (error) {
    throw new DomainError('invalid', 'Invalid Stripe signature.', { cause: error });
  }
}
