/**
 * A local stand-in for one automation webhook: records every call (headers, raw body, parsed JSON) and can be
 * told to answer an error, a redirect, a huge answer, no answer at all, or to be unreachable, until told otherwise. Used by the Idea Hub
 * tests to check what a real receiver would get, signature included.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_IDEMPOTENCY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@shared/contract/http';
import { verifyWebhookSignature } from '../../lambdas/domain/submissions/webhook-signature';

export interface ReceivedCall {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly raw: string;
  readonly json: unknown;
  readonly idempotencyKey: string | undefined;
  /** Epoch ms when the call arrived (by this process's clock, which tests may fake). */
  readonly receivedAt: number;
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
  const calls: ReceivedCall[] = [];
  let failStatus: number | undefined;
  let down = false;
  let reply: unknown = { received: true };
  let redirect: string | undefined;
  let hugeBytes: number | undefined;
  let hugeBytesWritten = 0;
  let hanging = false;
  const hungClosed: (() => void)[] = [];
  let hungClosedCount = 0;

  const server: Server = createServer((req, res) => {
    if (down) {
      // Drop the connection without an answer: what a crashed or unreachable host looks like to the sender.
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = raw ? JSON.parse(raw) : undefined;
      } catch {
        json = undefined;
      }
      const key = req.headers[WEBHOOK_IDEMPOTENCY_HEADER];
      calls.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        json,
        idempotencyKey: Array.isArray(key) ? key[0] : key,
        receivedAt: Date.now(),
      });
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
      const status = failStatus ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(failStatus ? { error: 'receiver is failing on purpose' } : reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${path}`,
    calls,
    failWith(status) {
      failStatus = status;
    },
    goDown() {
      down = true;
    },
    recover() {
      failStatus = undefined;
      down = false;
      redirect = undefined;
      hugeBytes = undefined;
      hanging = false;
    },
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
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
