/**
 * POST /api/automation-webhook: the webhook helper's endpoint. The body is `{ webhookType ('test' default),
 * data, files }`; any other field (a `url`, `webhookUrl`, ...) is refused with 400, an unknown type with 400,
 * a body over the route's limit with 413 (all by the shared schema and httpHandler). The call goes only to the
 * configured webhook of that type, signed and with an idempotency key.
 */
import { randomUUID } from 'node:crypto';
import { routes } from '../../shared/backend';
import { IDEMPOTENCY_HEADER } from '../../shared/http';
import { automationWebhookRequestSchema } from '../../shared/schemas/automation-webhook';
import { httpWebhooks, webhookUrl } from '../adapters/http-webhook';
import { WebhookCallFailed, forwardToAutomationWebhook } from '../domain/automation-webhooks/forward';
import type { WebhookSender } from '../domain/submissions/ports';
import { HttpError, httpHandler, ok } from '../lib/http';
import { logger } from '../lib/logger';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAutomationWebhookHandler(
  webhooks: WebhookSender = httpWebhooks,
  isConfigured: (type: 'test' | 'prod') => boolean = (type) => webhookUrl(type) !== '',
) {
  return httpHandler(routes.sendToAutomationWebhook, automationWebhookRequestSchema, async ({ body, headers }) => {
    if (!isConfigured(body.webhookType)) {
      throw new HttpError(503, `The ${body.webhookType} webhook is not configured.`);
    }
    const given = headers[IDEMPOTENCY_HEADER]?.trim();
    // A caller retrying the same call may send its own key so the receiver can drop the duplicate.
    const idempotencyKey = given && uuid.test(given) ? given.toLowerCase() : randomUUID();
    try {
      return ok(await forwardToAutomationWebhook(webhooks, body, idempotencyKey));
    } catch (error) {
      if (error instanceof WebhookCallFailed) {
        logger.warn('webhook helper call failed', { webhookType: error.webhookType, reason: error.reason, idempotencyKey });
        throw new HttpError(502, error.message);
      }
      throw error;
    }
  });
}

export const handler = createAutomationWebhookHandler();
