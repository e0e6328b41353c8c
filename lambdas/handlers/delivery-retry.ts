/**
 * Scheduled (EventBridge every minute deployed, a timer in the local stack): retries pending deliveries.
 * Runs until the batch is empty or the function is close to its timeout.
 */
import type { Context } from 'aws-lambda';
import { retryingDeps } from '../composition/submissions';
import { retryDueDeliveries, type RetrySummary } from '../domain/submissions/retry-job';
import { lambdaHandler } from '../lib/lambda';
import { logger } from '../lib/logger';

export const handler = lambdaHandler('deliveryRetry', [], async (_event: unknown, context: Context): Promise<RetrySummary> => {
  const deps = retryingDeps();
  const total = { examined: 0, attempted: 0, sent: 0, failed: 0, pending: 0 };
  // Checked before each record: the run stops taking new ones while one attempt still fits in its time.
  const remainingMs = () => context.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY;
  let outOfTime = false;
  for (;;) {
    const batch = await retryDueDeliveries(deps, { remainingMs });
    total.examined += batch.examined;
    total.attempted += batch.attempted;
    total.sent += batch.sent;
    total.failed += batch.failed;
    total.pending += batch.pending;
    outOfTime = batch.outOfTime;
    if (outOfTime || batch.examined === 0 || batch.attempted === 0) break;
  }
  if (total.examined > 0) logger.info('delivery retry run', { ...total, outOfTime });
  return { ...total, outOfTime };
});
