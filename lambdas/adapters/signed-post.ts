/**
 * The one way this backend calls a URL outside AWS (the automation webhooks and the prompt webhook), hardened
 * against a receiver that is hostile or broken:
 * - every call is signed (lambdas/domain/submissions/webhook-signature.ts) over time, idempotency key and body;
 * - redirects are not followed (`redirect: 'manual'`): a 3xx is answered to the caller as what it is, a failed
 *   attempt, so a receiver cannot bounce the signed payload to another host;
 * - at most `maxAnswerBytes` of the answer are read; the rest is cancelled, not buffered;
 * - the whole call (connect, answer, body) is bounded by an AbortSignal that really cancels the request and closes
 *   the socket, so a hanging receiver cannot hold the function until its own timeout.
 */
import {
  WEBHOOK_IDEMPOTENCY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@shared/contract/http';
import { signWebhookBody } from '../domain/submissions/webhook-signature';

/** Enough for any prompt or acknowledgement; a receiver answering more is cut off here. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface SignedPostOptions {
  readonly url: string;
  readonly body: string;
  readonly idempotencyKey: string;
  /** The webhook signing key (a secret setting). */
  readonly secret: string;
  readonly timeoutMs: number;
  /** Cancels the call early too (a delivery attempt that ran out of time), so a failed attempt never completes later. */
  readonly signal?: AbortSignal;
  readonly accept?: string;
  readonly maxAnswerBytes?: number;
}

export interface SignedPostAnswer {
  readonly status: number;
  /** The answer's text, at most `maxAnswerBytes` of it. */
  readonly text: string;
  /** True when the answer was longer and was cut off. */
  readonly truncated: boolean;
}

export async function signedPost(opts: SignedPostOptions): Promise<SignedPostAnswer> {
  const timestamp = Math.floor(Date.now() / 1000);
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const response = await fetch(opts.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: opts.accept ?? 'application/json',
      [WEBHOOK_IDEMPOTENCY_HEADER]: opts.idempotencyKey,
      [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
      [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(opts.secret, timestamp, opts.idempotencyKey, opts.body),
    },
    body: opts.body,
    redirect: 'manual',
    signal,
  });
  const { text, truncated } = await readBounded(response, opts.maxAnswerBytes ?? MAX_ANSWER_BYTES);
  return { status: response.status, text, truncated };
}

/** Reads the body until `limit` bytes, then cancels the stream (the rest is never downloaded). */
async function readBounded(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > limit) {
        chunks.push(value.subarray(0, limit - size));
        size = limit;
        truncated = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (truncated) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  // A multi-byte character cut at the limit decodes as U+FFFD instead of failing.
  return { text: Buffer.concat(chunks, size).toString('utf8'), truncated };
}
