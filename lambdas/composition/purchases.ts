/**
 * The composition root of purchases (lambdas/domain/marketplace/purchases.ts): Stripe's webhook signing secret and
 * signature check, and the purchases table the completed checkouts are recorded in.
 */
import { verifyStripeEvent } from '../adapters/stripe';
import { purchaseStore } from '../data/purchases';
import { secretSetting } from '../lib/secrets';

/** Stripe's event deliveries: their signing secret (empty when not set), the signature check, the purchases table. */
export const stripeEvents = {
  secret: () => secretSetting('STRIPE_WEBHOOK_SECRET'),
  verify: verifyStripeEvent,
  purchases: purchaseStore,
};
