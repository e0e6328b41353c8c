/**
 * Invoked asynchronously by the functions that accept submissions (shared/deployment/manifest.ts `asyncInvocations`): the
 * first delivery attempt of one stored submission. A failed delivery is recorded and left to the retry job; only
 * an unexpected error (the table unreachable) fails the invocation, which Lambda retries and then parks in the
 * on-failure queue, while the stored record still waits for the retry job.
 */
import { deliveringDeps } from '../composition/submissions';
import { deliverHandedOff, type HandOff } from '../domain/submissions/engine';
import { lambdaHandler } from '../lib/lambda';

export const handler = lambdaHandler('submissionDelivery', [], async (event: HandOff) => {
  if (typeof event?.id !== 'string' || typeof event.version !== 'number') {
    throw new Error('A submissionDelivery event carries { id, version }');
  }
  return { outcome: await deliverHandedOff(deliveringDeps(), { id: event.id, version: event.version }) };
});
