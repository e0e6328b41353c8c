/**
 * The webhook helper (spec §7 "The calls the product makes", item 6, and spec §8 "Error catalogue"): forwards `{ webhookType, data, files }` to the configured
 * automation webhook of that type and answers what the webhook answered. The caller chooses only the type;
 * the address is configuration, so the helper cannot be turned into a proxy to arbitrary hosts.
 */
import type {
  AutomationWebhookResponse,
  UploadItem,
  WebhookEnvelope,
  WebhookType,
} from '@shared/contract/schemas/automation-webhook';
import { DomainError } from '../errors';
import type { WebhookSender } from './ports';

/** The webhook could not be reached or did not accept the call (the caller may try again). */
export class WebhookCallFailed extends DomainError {
  constructor(
    readonly webhookType: WebhookType,
    readonly reason: string,
  ) {
    super('upstream-failed', `Failed to send data to the ${webhookType} webhook.`, { cause: reason });
    this.name = 'WebhookCallFailed';
  }
}

export async function forwardToAutomationWebhook(
  webhooks: WebhookSender,
  request: { readonly webhookType: WebhookType; readonly data: Record<string, unknown>; readonly files: readonly UploadItem[] },
  idempotencyKey: string,
): Promise<AutomationWebhookResponse> {
  const envelope: WebhookEnvelope<Record<string, unknown>> = {
    webhookType: request.webhookType,
    data: request.data,
    files: request.files,
  };
  try {
    const response = await webhooks.post(request.webhookType, envelope, idempotencyKey);
    return { webhookType: request.webhookType, status: response.status, data: response.body };
  } catch (error) {
    throw new WebhookCallFailed(request.webhookType, error instanceof Error ? error.message : String(error));
  }
}
