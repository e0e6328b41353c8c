/** Small HTTP and port helpers shared by the local servers (no framework: the stack must start fast). */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const HOST = '127.0.0.1';

/** Resolves with the port `server` listens on; rejects with a readable message when the port is taken. */
export function listen(server: Server, port: number, host = HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(port)
          : error,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use by another program. Set PORT to a free port (e.g. PORT=${port + 1} npm start).`);
    this.name = 'PortInUseError';
  }
}

/**
 * A concrete port for an emulator whose own start-up cannot recover from EADDRINUSE: the preferred one (so
 * URLs stay the same across restarts) when it is free, else any free port.
 */
export async function choosePort(preferred?: number): Promise<number> {
  if (preferred) {
    const probe = createServer();
    try {
      const port = await listen(probe, preferred);
      await closeServer(probe);
      return port;
    } catch {
      // taken: fall through to a free one
    }
  }
  const probe = createServer();
  const port = await listen(probe, 0);
  await closeServer(probe);
  return port;
}

export function closeServer(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets (browsers, SDK agents) would hold close() open for seconds.
    server.closeAllConnections?.();
  });
}

export function readBody(req: IncomingMessage, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError(limit));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body too large (at most ${limit} bytes).`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * An HTTP server over an async handler: a handler that throws answers 500 `{ message }` (the error's own, or what
 * `answerOf` makes of it), or drops the connection when its answer was already under way.
 */
export function handlingServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  answerOf: (error: Error) => string = (error) => error.message,
): Server {
  return createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, { message: answerOf(error) });
      else res.destroy();
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
