/**
 * A local stand-in for one automation webhook: records every call (headers, raw body, parsed JSON) and can be
 * told to answer an error, a redirect, a huge answer, no answer at all, or to be unreachable, until told otherwise
 * (the recording and the failures are test/helpers/recording-server.ts). Used by the Idea Hub tests to check what a
 * real receiver would get, signature included.
 */
import {
  WEBHOOK_IDEMPOTENCY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@shared/contract/http';
import { verifyWebhookSignature } from '../../lambdas/domain/submissions/webhook-signature';
import { startRecordingServer, type RecordedRequest } from './recording-server';

export interface ReceivedCall extends RecordedRequest {
  readonly json: unknown;
  readonly idempotencyKey: string | undefined;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly calls: ReceivedCall[];
  /** Answer this status (e.g. 503) to every call until `recover()`; calls are still recorded. */
  failWith(status: number): void;
  /** Refuse connections (the port stays reserved) until `recover()`; nothing is recorded meanwhile. */
  goDown(): void;
  /** Answer `302 Location: <location>` to every call until `recover()`; calls are still recorded. */
  redirectTo(location: string): void;
  /** Answer 200 with `bytes` bytes of JSON-ish text, written in chunks as fast as the caller reads. */
  answerHuge(bytes: number): void;
  /** Record the call, then never answer, until `recover()`; the socket stays open until the caller gives up. */
  hang(): void;
  /** How many bytes of the last huge answer were written before the caller closed the connection (or all). */
  readonly hugeBytesWritten: number;
  /** Resolves once a connection left hanging since `hang()` has been closed by the caller. */
  hungCallClosed(): Promise<void>;
  recover(): void;
  /** What the receiver answers on success (JSON). */
  answer(body: unknown): void;
  /** Is the call's X-Signature valid for this secret, and was it fresh when the call arrived? */
  signatureValid(call: ReceivedCall, secret: string): boolean;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hook'): Promise<WebhookReceiver> {
  let reply: unknown = { received: true };
  let redirect: string | undefined;
  let hugeBytes: number | undefined;
  let hugeBytesWritten = 0;
  let hanging = false;
  const hungClosed: (() => void)[] = [];
  let hungClosedCount = 0;

  const server = await startRecordingServer<ReceivedCall>({
    record(request) {
      let json: unknown;
      try {
        json = request.raw ? JSON.parse(request.raw) : undefined;
      } catch {
        json = undefined;
      }
      const key = request.headers[WEBHOOK_IDEMPOTENCY_HEADER];
      return { ...request, json, idempotencyKey: Array.isArray(key) ? key[0] : key };
    },
    answer(_call, res, failStatus) {
      if (hanging) {
        res.socket?.on('close', () => {
          hungClosedCount += 1;
          hungClosed.splice(0).forEach((resolve) => resolve());
        });
        return;
      }
      if (redirect) {
        res.writeHead(302, { location: redirect });
        res.end();
        return;
      }
      if (hugeBytes !== undefined) {
        hugeBytesWritten = 0;
        const total = hugeBytes;
        const chunk = Buffer.alloc(64 * 1024, 'a');
        res.writeHead(200, { 'content-type': 'text/plain' });
        const pump = () => {
          while (hugeBytesWritten < total && !res.destroyed) {
            const part = chunk.subarray(0, Math.min(chunk.length, total - hugeBytesWritten));
            hugeBytesWritten += part.length;
            if (!res.write(part)) {
              res.once('drain', pump);
              return;
            }
          }
          if (!res.destroyed) res.end();
        };
        pump();
        return;
      }
      res.writeHead(failStatus ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(failStatus ? { error: 'receiver is failing on purpose' } : reply));
    },
    onRecover() {
      redirect = undefined;
      hugeBytes = undefined;
      hanging = false;
    },
  });

  return {
    url: `${server.origin}${path}`,
    calls: server.calls,
    failWith: server.failWith,
    goDown: server.goDown,
    recover: server.recover,
    close: server.close,
    redirectTo(location) {
      redirect = location;
    },
    answerHuge(bytes) {
      hugeBytes = bytes;
    },
    hang() {
      hanging = true;
      hungClosedCount = 0;
    },
    get hugeBytesWritten() {
      return hugeBytesWritten;
    },
    hungCallClosed() {
      return new Promise<void>((resolve) => {
        if (hungClosedCount > 0) resolve();
        else hungClosed.push(resolve);
      });
    },
    answer(body) {
      reply = body;
    },
    signatureValid(call, secret) {
      const signature = call.headers[WEBHOOK_SIGNATURE_HEADER];
      const timestamp = Number(call.headers[WEBHOOK_TIMESTAMP_HEADER]);
      const arrived = Math.floor(call.receivedAt / 1000);
      return (
        typeof signature === 'string' &&
        verifyWebhookSignature(secret, { timestamp, idempotencyKey: call.idempotencyKey ?? '', body: call.raw, signature }, arrived)
      );
    },
  };
}
