/**
 * The purchase rules (lambdas/domain/marketplace) wired to the purchases table, Stripe and the delivery engine,
 * for the Stripe webhook and the purchases function. A sale notice is accepted like a submission (stored first in
 * the submissions table, then handed to the submissionDelivery function), so it is retried and sent once.
 */
import { invokeSubmissionDelivery } from '../adapters/lambda-hand-off';
import { purchaseStore } from '../data/purchases';
import { submissionsTable } from '../data/submissions';
import { systemClock } from '../domain/clock';
import type { SaleNotices } from '../domain/marketplace/sale-notices';
import type { PurchaseDeps } from '../domain/marketplace/stripe-events';
import { acceptSubmission } from '../domain/submissions/engine';
import { saleNoticeDelivery } from '../domain/submissions/kinds/sale-notice';
import { checkoutLookup } from './stripe';
import { engineLog } from './engine-log';

export const saleNotices: SaleNotices = {
  async send(notice) {
    const accepted = await acceptSubmission(
      {
        store: submissionsTable,
        // Only the notice's plan: accepting reads just its targets (the delivery function has them all).
        plans: { saleNotice: saleNoticeDelivery },
        clock: systemClock,
        handOff: invokeSubmissionDelivery,
        log: engineLog,
      },
      { id: notice.id, kind: 'saleNotice', data: notice.data, files: [] },
    );
    return accepted.created ? 'stored' : 'exists';
  },
};

export async function purchaseDeps(): Promise<PurchaseDeps> {
  return { store: purchaseStore, stripe: await checkoutLookup(), notices: saleNotices, clock: systemClock };
}

