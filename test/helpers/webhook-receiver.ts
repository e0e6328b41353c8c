/**
 * A local stand-in for one automation webhook: records every call (headers, raw body, parsed JSON) and can be
 * told to answer an error, or to be unreachable, until told otherwise. Used by the Idea Hub and webhook-helper
 * tests to check what a real receiver would get, signature included.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_IDEMPOTENCY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@shared/contract/http';
import { verifyWebhookSignature } from '../../lambdas/domain/automation-webhooks/signature';

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
    },
    answer(body) {
      reply = body;
    },
    signatureValid(call, secret) {
      const signature = call.headers[WEBHOOK_SIGNATURE_HEADER];
      const timestamp = Number(call.headers[WEBHOOK_TIMESTAMP_HEADER]);
      const arrived = Math.floor(call.receivedAt / 1000);
      return typeof signature === 'string' && verifyWebhookSignature(secret, timestamp, call.raw, signature, arrived);
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
