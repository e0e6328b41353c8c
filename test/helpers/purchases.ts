/**
 * Purchases on the local stack, recorded as the Stripe webhook records them (lambdas/data/purchases.ts
 * `recordCompleted`), for tests that need a buyer without a round trip through the Stripe stand-in.
 */
import { tableEnvName } from '@shared/deployment/manifest';
import type { CompletedCheckout } from '../../lambdas/domain/marketplace/purchases';
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
 * Records the purchase in the local stack's table. A process without the stack's environment (a browser test's
 * worker) gets just what the purchases module reads: the table's name and the DynamoDB endpoint and credentials.
 */
export async function recordPurchase(checkout: CompletedCheckout, at = new Date()): Promise<'recorded' | 'duplicate'> {
  const { env } = localStack();
  for (const key of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_ENDPOINT_URL_DYNAMODB', tableEnvName('purchases')]) process.env[key] ??= env[key];
  const { recordCompleted } = await import('../../lambdas/data/purchases');
  return recordCompleted(checkout, at);
}
