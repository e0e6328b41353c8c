/**
 * Signing an idea's calls to the automation webhooks so a receiver can reject forgeries and stale replays:
 * `X-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` with `X-Signature-Timestamp` in
 * epoch seconds. Receivers drop duplicates by the `Idempotency-Key` header.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** For receivers (and tests): a valid signature no older than `toleranceSeconds`. */
export function verifyWebhookSignature(
  secret: string,
  timestamp: number,
  body: string,
  signature: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhookBody(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
