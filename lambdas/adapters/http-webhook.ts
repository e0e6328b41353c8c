/**
 * The automation webhooks over HTTP: only the URLs configured for 'test' and 'prod' are ever called (never a
 * URL from a request), each call signed and carrying an idempotency key, hardened as signed-post.ts describes.
 */
import type { WebhookResponse, WebhookSender, WebhookType } from '../domain/submissions/ports';
import { setting } from '../lib/env';
import { secretSetting } from '../lib/secrets';
import { signedPost } from './signed-post';

export function webhookUrl(type: WebhookType): string {
  return setting(type === 'test' ? 'WEBHOOK_TEST_URL' : 'WEBHOOK_PROD_URL');
}

export function httpWebhookSender(timeoutMs = 10_000): WebhookSender {
  return {
    async post(type, payload, idempotencyKey, signal): Promise<WebhookResponse> {
      const url = webhookUrl(type);
      if (!url) throw new Error(`The ${type} webhook is not configured`);
      const answer = await signedPost({
        url,
        body: JSON.stringify(payload),
        idempotencyKey,
        secret: await secretSetting('WEBHOOK_SIGNING_SECRET'),
        timeoutMs,
        signal,
      });
      // A redirect is not followed: the receiver did not take the call, so the attempt failed (and is retried).
      if (answer.status < 200 || answer.status >= 300) throw new Error(`The ${type} webhook answered ${answer.status}`);
      let data: unknown = answer.text;
      try {
        data = answer.text && !answer.truncated ? JSON.parse(answer.text) : answer.text || null;
      } catch {
        // Not JSON: keep the text.
      }
      return { status: answer.status, body: data };
    },
  };
}
