/**
 * Signing outgoing webhook calls (automation webhooks and the prompt webhook) so a receiver can reject forgeries,
 * stale replays and a body or idempotency key swapped under a valid signature:
 * `X-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<idempotency key>.<body>")>`, with
 * `X-Signature-Timestamp` in epoch seconds and the key in `Idempotency-Key`. docs/deploy.md documents this for receivers.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed call may be when it arrives; receivers should refuse older ones (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signWebhookBody(secret: string, timestamp: number, idempotencyKey: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${idempotencyKey}.${body}`).digest('hex')}`;
}

/** For receivers (and tests): a valid signature no older than `toleranceSeconds`. */
export function verifyWebhookSignature(
  secret: string,
  call: { readonly timestamp: number; readonly idempotencyKey: string; readonly body: string; readonly signature: string },
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const { timestamp, idempotencyKey, body, signature } = call;
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhookBody(secret, timestamp, idempotencyKey, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
