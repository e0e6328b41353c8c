/**
 * A local HTTP server standing in for a service outside AWS (Stripe's API, an automation webhook): it records
 * every request it receives (method, path, headers, raw body, arrival time) and answers through the stand-in's
 * own `answer`, or fails on demand: `failWith(status)` answers that status while still recording, `goDown()`
 * drops every connection unanswered and records nothing (a crashed or unreachable host), until `recover()`.
 * test/helpers/fake-stripe.ts and test/helpers/webhook-receiver.ts are built on it.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly raw: string;
  /** Epoch ms when the request arrived (by this process's clock, which tests may fake). */
  readonly receivedAt: number;
}

export interface RecordingServer<C> {
  /** The server's origin, `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** What was received, oldest first, as the stand-in records it. */
  readonly calls: C[];
  /** Answer this HTTP status to every request until `recover()`; requests are still recorded. */
  failWith(status: number): void;
  /** Drop every connection without an answer until `recover()`; nothing is recorded meanwhile. */
  goDown(): void;
  /** Back to normal answers (the stand-in's own modes too, through `onRecover`). */
  recover(): void;
  close(): Promise<void>;
}

export interface RecordingServerOptions<C> {
  /** What to keep of a request (the recorded request, possibly with more parsed from it). */
  readonly record: (request: RecordedRequest) => C;
  /** Answers a recorded request; `failStatus` is set while `failWith` is in force. */
  readonly answer: (call: C, res: ServerResponse, failStatus: number | undefined) => void;
  /** Resets the stand-in's own modes on `recover()`. */
  readonly onRecover?: () => void;
}

export async function startRecordingServer<C>(opts: RecordingServerOptions<C>): Promise<RecordingServer<C>> {
  const calls: C[] = [];
  let failStatus: number | undefined;
  let down = false;

  const server: Server = createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call = opts.record({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      calls.push(call);
      opts.answer(call, res, failStatus);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
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
      opts.onRecover?.();
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
