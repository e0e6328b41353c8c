/**
 * POST /api/stripe-webhook: Stripe's event delivery. The signature is checked over the exact bytes Stripe
 * sent (API Gateway may hand them base64-encoded), so the body is never parsed before verification. A tampered
 * or stale signature is refused with 400; a valid event is applied once whatever the order (purchases,
 * refunds, disputes, cancellations, renewals: lambdas/domain/purchases/stripe-events.ts) and acknowledged.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { stripeEvents } from '../composition/purchases';
import { DomainError } from '../domain/errors';
import { handleStripeEvent } from '../domain/purchases/stripe-events';
import { httpHandler, ok, rawBody } from '../lib/http';
import { logger } from '../lib/logger';

export const handler = httpHandler(deployedRoutes.stripeWebhook, null, async ({ event, headers }) => {
  const secret = await stripeEvents.secret();
  // 'unavailable' (503, not 4xx) so Stripe keeps retrying until the operator has set the secret.
  if (!secret) throw new DomainError('unavailable', 'Stripe webhooks are not configured.');
  const signature = headers['stripe-signature'];
  if (!signature) throw new DomainError('invalid', 'Missing Stripe-Signature header.');
  const stripeEvent = stripeEvents.verify(rawBody(event), signature, secret);
  const outcome = await handleStripeEvent(stripeEvent, await stripeEvents.deps());
  // Optional chaining: a signed body may be JSON null (handleStripeEvent ignores it).
  logger.info('Stripe event handled', { eventId: stripeEvent?.id, type: stripeEvent?.type, ...outcome });
  return ok({ received: true, outcome: outcome.outcome });
});
