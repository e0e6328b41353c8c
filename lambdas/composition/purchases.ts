/**
 * The purchase rules (lambdas/domain/marketplace) wired to the purchases table, Stripe and the delivery engine,
 * for the Stripe webhook and the purchases function. A sale notice is accepted like a submission (stored first in
 * the submissions table, then handed to the submissionDelivery function), so it is retried and sent once.
 */
import { invokeSubmissionDelivery } from '../adapters/lambda-hand-off';
import { verifiedEmailOf } from '../adapters/cognito-user';
import { purchaseStore } from '../data/purchases';
import { submissionsTable } from '../data/submissions';
import { systemClock } from '../domain/clock';
import type { SaleNotices } from '../domain/marketplace/sale-notices';
import type { PurchaseDeps } from '../domain/marketplace/stripe-events';
import { acceptSubmission } from '../domain/submissions/engine';
import { deliveryPlans } from '../domain/submissions/kinds';
import { logger } from '../lib/logger';
import { checkoutLookup } from './stripe';

export const saleNotices: SaleNotices = {
  async send(notice) {
    const accepted = await acceptSubmission(
      {
        store: submissionsTable,
        plans: deliveryPlans,
        clock: systemClock,
        handOff: invokeSubmissionDelivery,
        log: {
          info: (m, d) => logger.info(m, d ?? {}),
          warn: (m, d) => logger.warn(m, d ?? {}),
          error: (m, d) => logger.error(m, d ?? {}),
        },
      },
      { id: notice.id, kind: 'saleNotice', data: notice.data, files: [] },
    );
    return accepted.created ? 'stored' : 'exists';
  },
};

export async function purchaseDeps(): Promise<PurchaseDeps> {
  return { store: purchaseStore, stripe: await checkoutLookup(), notices: saleNotices, clock: systemClock };
}

/**
 * The caller's verified e-mail, asked of Cognito with their own access token. Undefined when Cognito cannot
 * tell (unverified, or unreachable: the proof by e-mail then simply does not hold).
 */
export async function verifiedEmail(accessToken: string | undefined): Promise<string | undefined> {
  if (!accessToken) return undefined;
  try {
    return await verifiedEmailOf(accessToken);
  } catch (error) {
    logger.warn('could not read the account e-mail from Cognito', { error: String(error) });
    return undefined;
  }
}

