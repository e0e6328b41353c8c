/**
 * The local endpoints answer only this machine's programs, not the web pages open in the developer's browser.
 *
 * Every emulator and local service listens on 127.0.0.1, but a page of any site can still send requests there:
 * a `text/plain` or form POST needs no CORS preflight, and several emulators answer any preflight. Without a
 * guard, a page could run a function, write a table, drop files into the bucket, send or clear mail. So each
 * server that changes state is wrapped in this check, before its own handler sees anything:
 * - a request carrying an `Origin` other than the server's own and the origins it serves (the site, for Cognito
 *   and the uploads bucket) is refused: browsers put the page's origin on every cross-origin request and
 *   preflight, and the SDK, the tests and the emulators' own pages send none or their own;
 * - a request whose Host is not 127.0.0.1 / localhost on the server's port is refused (a DNS-rebinding page
 *   reaches 127.0.0.1 under its own host name, and as "same-origin");
 * - optionally a secret path prefix (`/<token>/...`, new at every start, taken off before the server sees the
 *   URL): the local Lambda service takes it, the stack hands it to the SDK in AWS_ENDPOINT_URL_LAMBDA.
 * Refusals are answered 403 with a JSON message. Uses nothing of the servers but Node's `request` event.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalOnly {
  /** Origins whose pages may call this server besides its own (the site's origins, for Cognito and S3). */
  readonly allowedOrigins?: readonly string[];
  /** A secret first path segment every request must carry; taken off the URL before the server's handler runs. */
  readonly token?: string;
}

function refusal(req: IncomingMessage, port: number, policy: LocalOnly): string | undefined {
  const own = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const host = req.headers.host?.toLowerCase();
  if (!host || !own.some((o) => o.slice('http://'.length) === host)) return 'This local endpoint answers requests to 127.0.0.1 or localhost only.';
  const origin = req.headers.origin;
  if (origin !== undefined && !own.includes(origin) && !(policy.allowedOrigins ?? []).includes(origin)) {
    return 'This local endpoint does not answer web pages of other origins.';
  }
  if (policy.token !== undefined) {
    const url = req.url ?? '/';
    const prefix = `/${policy.token}`;
    if (url !== prefix && !url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}?`)) return 'This local endpoint wants the token the local stack started it with.';
    req.url = url.slice(prefix.length) || '/';
    if (req.url.startsWith('?')) req.url = `/${req.url}`;
  }
  return undefined;
}

/** Puts the check in front of every `request` listener `server` has now. */
export function localOnly(server: Server, policy: LocalOnly = {}): void {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const port = (server.address() as AddressInfo | null)?.port ?? 0;
    const refused = refusal(req, port, policy);
    if (refused) {
      req.resume();
      const body = JSON.stringify({ message: refused });
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    for (const listener of listeners) listener.call(server, req, res);
  });
}
