/**
 * The webhook helper's client (spec sections 7.6 and 8): sends `{ webhookType, data, files }` through
 * POST /api/automation-webhook to the configured automation webhook of that type, with each file encoded as
 * an upload item (`{ name, type, size, data (base64) }`, or `{ name, error: 'Failed to encode file' }` when it
 * cannot be read), and shows the spec's toasts. The browser never learns or chooses a webhook URL.
 *
 * No screen of the spec uses it; it is exported for features that need to hand data to the automation.
 */
import { routes } from '@shared/deployment/manifest';
import {
  toUploadItem,
  type AutomationWebhookResponse,
  type UploadItem,
  type WebhookType,
} from '@shared/contract/schemas/automation-webhook';
import { callApi, toastMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

export const webhookToasts = {
  success: (type: WebhookType) => ({ title: 'Data sent successfully', description: `Your data was sent to the ${type} webhook.` }),
  failureTitle: 'Error sending data',
  failureFallback: 'Failed to send data to webhook.',
} as const;

export interface SendToWebhookInput {
  /** 'test' unless told otherwise (spec 7.6). */
  readonly webhookType?: WebhookType;
  readonly data?: Record<string, unknown>;
  readonly files?: readonly File[];
}

/** A file as an upload item; a file the browser cannot read becomes the spec's error item. */
export function fileToUploadItem(file: File): Promise<UploadItem> {
  return toUploadItem(file, async () => new Uint8Array(await file.arrayBuffer()));
}

/**
 * Sends the data and answers the webhook's response data, after a success toast. On failure it shows the
 * destructive toast (the server's message, else the spec's fallback) and rejects with the error.
 */
export async function sendToAutomationWebhook({ webhookType = 'test', data = {}, files = [] }: SendToWebhookInput = {}): Promise<unknown> {
  try {
    const items = await Promise.all(files.map(fileToUploadItem));
    const response = await callApi<AutomationWebhookResponse>(routes.sendToAutomationWebhook, { webhookType, data, files: items });
    toast(webhookToasts.success(webhookType));
    return response.data;
  } catch (error) {
    toast({ title: webhookToasts.failureTitle, description: toastMessage(error, webhookToasts.failureFallback), variant: 'destructive' });
    throw error;
  }
}
