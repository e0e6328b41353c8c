/**
 * The automation webhooks over HTTP: only the URLs configured for 'test' and 'prod' are ever called (never a
 * URL from a request), each call signed and carrying an idempotency key.
 */
import {
  WEBHOOK_IDEMPOTENCY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@shared/contract/http';
import type { WebhookResponse, WebhookSender, WebhookType } from '../domain/automation-webhooks/ports';
import { signWebhookBody } from '../domain/automation-webhooks/signature';
import { setting } from '../lib/env';
import { secretSetting } from '../lib/secrets';

export function webhookUrl(type: WebhookType): string {
  return setting(type === 'test' ? 'WEBHOOK_TEST_URL' : 'WEBHOOK_PROD_URL');
}

export const httpWebhooks: WebhookSender = {
  async post(type, payload, idempotencyKey, signal): Promise<WebhookResponse> {
    const url = webhookUrl(type);
    if (!url) throw new Error(`The ${type} webhook is not configured`);
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const secret = await secretSetting('WEBHOOK_SIGNING_SECRET');
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [WEBHOOK_IDEMPOTENCY_HEADER]: idempotencyKey,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, timestamp, body),
      },
      body,
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    if (!response.ok) throw new Error(`The ${type} webhook answered ${response.status}`);
    return { status: response.status, body: data };
  },
};
