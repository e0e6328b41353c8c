/**
 * Purchases on the local stack, recorded as the Stripe webhook records them (lambdas/domain/purchases/
 * stripe-events.ts `recordCheckout`: the purchase, its sale notice for the support staff and the overview's
 * figures), for tests that need a buyer without a round trip through the Stripe stand-in.
 */
import { tableEnvName } from '@shared/deployment/manifest';
import type { CompletedCheckout } from '../../lambdas/domain/purchases/record';
import { localStack } from './local-stack';

/** A paid Checkout session of the AI Customer Support Bot ($49.99), paid with `customerEmail`. */
export function paidCheckout(sessionId: string, customerEmail: string, extra: Partial<CompletedCheckout> = {}): CompletedCheckout {
  return {
    sessionId,
    appId: 'ai-customer-support',
    type: 'marketplace',
    amountTotal: 4999,
    currency: 'usd',
    customerEmail,
    eventId: `evt_${sessionId}`,
    livemode: false,
    occurredAt: Math.floor(Date.now() / 1000),
    ...extra,
  };
}

/**
 * Records the purchase, stores its sale notice and keeps the overview's figures in the local stack's tables. A
 * process without the stack's environment (a browser test's worker) gets just what the tables' modules read: their
 * names and the DynamoDB endpoint and credentials. The notice is not handed to the delivery function (that needs the Lambda service's
 * endpoint): the stack's retry job mails it once its hand-off lease is over, as after a lost hand-off.
 */
export async function recordPurchase(checkout: CompletedCheckout, at = new Date()): Promise<'recorded' | 'duplicate'> {
  const { env } = localStack();
  for (const key of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_ENDPOINT_URL_DYNAMODB', tableEnvName('purchases'), tableEnvName('submissions'), tableEnvName('overview')]) {
    process.env[key] ??= env[key];
  }
  const [{ purchaseStore }, { submissionIntake }, { recordCheckout }, { engineSaleNotices }, { figureWriter }, { recordSale }] = await Promise.all([
    import('../../lambdas/data/purchases'),
    import('../../lambdas/data/submissions'),
    import('../../lambdas/domain/purchases/stripe-events'),
    import('../../lambdas/domain/submissions/kinds/sale-notice'),
    import('../../lambdas/data/overview'),
    import('../../lambdas/domain/overview/sales'),
  ]);
  const clock = { now: () => at };
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const notices = engineSaleNotices({ store: submissionIntake, clock, log: quiet, handOff: async () => undefined });
  const figures = { store: figureWriter, timeZone: env.AGENCY_TIME_ZONE ?? 'America/New_York' };
  const saleFigures = async (sessionId: string) => {
    const purchase = await purchaseStore.find(sessionId);
    if (purchase) await recordSale(figures, purchase);
  };
  return recordCheckout(checkout, { store: purchaseStore, notices, clock, saleFigures });
}
