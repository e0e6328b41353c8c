/**
 * The composition root of purchases (lambdas/domain/purchases: record.ts, stripe-events.ts,
 * buyers.ts): the purchases table, Stripe (./stripe.ts) and the delivery engine, for the Stripe webhook
 * and the purchases function. A sale notice is accepted like a submission (stored first in the submissions table,
 * then handed to the submissionDelivery function), so it is retried and sent once.
 */
import { invokeSubmissionDelivery } from '../adapters/lambda-hand-off';
import { purchaseStore } from '../data/purchases';
import { submissionIntake } from '../data/submissions';
import { systemClock } from '../domain/clock';
import type { SaleNotices } from '../domain/purchases/sale-notices';
import type { PurchaseDeps } from '../domain/purchases/stripe-events';
import { engineSaleNotices } from '../domain/submissions/kinds/sale-notice';
import { secretSetting } from '../lib/secrets';
import { engineLog } from './engine-log';
import { saleFigures } from './overview';
import { checkoutLookup, verifyStripeEvent } from './stripe';

export const saleNotices: SaleNotices = engineSaleNotices({ store: submissionIntake, clock: systemClock, handOff: invokeSubmissionDelivery, log: engineLog });

/**
 * What the purchase rules need: the purchases table, Stripe (undefined without a key), the notices, the clock, the
 * overview's figures (./overview.ts; `strictFigures`: a failed figure fails the call, for Stripe to deliver again).
 */
export async function purchaseDeps(strictFigures = false): Promise<PurchaseDeps> {
  return { store: purchaseStore, stripe: await checkoutLookup(), notices: saleNotices, clock: systemClock, saleFigures: saleFigures(purchaseStore, strictFigures) };
}

/** Stripe's event deliveries: their signing secret (empty when not set), the signature check, the purchase rules' deps. */
export const stripeEvents = {
  secret: () => secretSetting('STRIPE_WEBHOOK_SECRET'),
  verify: verifyStripeEvent,
  deps: () => purchaseDeps(true),
};
