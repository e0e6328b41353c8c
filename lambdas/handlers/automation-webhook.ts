/**
 * POST /api/automation-webhook: the webhook helper's endpoint. The body is `{ webhookType ('test' default),
 * data, files }`; any other field (a `url`, `webhookUrl`, ...) is refused with 400, an unknown type with 400,
 * a body over the route's limit with 413 (all by the shared schema and httpHandler). The call goes only to the
 * configured webhook of that type, signed and with an idempotency key; a failed call is 502 (WebhookCallFailed).
 */
import { randomUUID } from 'node:crypto';
import { routes } from '@shared/deployment/manifest';
import { IDEMPOTENCY_HEADER } from '@shared/contract/http';
import { automationWebhookRequestSchema } from '@shared/contract/schemas/automation-webhook';
import { httpWebhooks, webhookUrl } from '../adapters/http-webhook';
import { DomainError } from '../domain/errors';
import { forwardToAutomationWebhook } from '../domain/automation-webhooks/forward';
import type { WebhookSender, WebhookType } from '../domain/automation-webhooks/ports';
import { httpHandler, ok } from '../lib/http';
import { idempotencyKeyFrom } from '../lib/idempotency-key';

/** The handler over a given sender and configuration (tests pass fakes); `handler` is the deployed one. */
export function createAutomationWebhookHandler(
  webhooks: WebhookSender = httpWebhooks,
  isConfigured: (type: WebhookType) => boolean = (type) => webhookUrl(type) !== '',
) {
  return httpHandler(routes.sendToAutomationWebhook, automationWebhookRequestSchema, async ({ body, headers }) => {
    if (!isConfigured(body.webhookType)) {
      throw new DomainError('unavailable', `The ${body.webhookType} webhook is not configured.`);
    }
    // A caller retrying the same call may send its own key so the receiver can drop the duplicate.
    const idempotencyKey = idempotencyKeyFrom(headers[IDEMPOTENCY_HEADER], randomUUID, 'replace');
    return ok(await forwardToAutomationWebhook(webhooks, body, idempotencyKey));
  });
}

export const handler = createAutomationWebhookHandler();
