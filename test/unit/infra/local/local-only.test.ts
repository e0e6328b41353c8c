/** The check in front of every local endpoint that changes state (infra/local/local-only.ts). */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { localOnly, type LocalOnly } from '../../../../infra/local/local-only';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers the URL it was handed, behind the check; answers its port. */
async function serve(policy: LocalOnly): Promise<number> {
  server = createServer((req, res) => res.end(req.url));
  localOnly(server, policy);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function send(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end('x');
  });
}

describe('localOnly', () => {
  it('answers requests without an Origin, or from its own origin or an allowed one', async () => {
    const port = await serve({ allowedOrigins: ['http://localhost:3000'] });
    expect(await send(port, '/a')).toEqual({ status: 200, body: '/a' });
    expect((await send(port, '/a', { origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect((await send(port, '/a', { origin: `http://localhost:${port}`, host: `localhost:${port}` })).status).toBe(200);
    expect((await send(port, '/a', { origin: 'http://localhost:3000' })).status).toBe(200);
  });

  it('refuses any other Origin (also "null") and any other Host, with 403', async () => {
    const port = await serve({});
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000', `http://127.0.0.1:${port + 1}`]) {
      const answer = await send(port, '/a', { origin });
      expect(answer.status, origin).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ message: 'This local endpoint does not answer web pages of other origins.' });
    }
    expect((await send(port, '/a', { host: `evil.example:${port}` })).status).toBe(403);
    expect((await send(port, '/a', { host: `127.0.0.1:${port + 1}` })).status).toBe(403);
  });

  it('wants the token as the first path segment and hands the server the URL without it', async () => {
    const port = await serve({ token: 'sekrit' });
    expect(await send(port, '/sekrit/2015-03-31/functions/f/invocations?x=1')).toEqual({ status: 200, body: '/2015-03-31/functions/f/invocations?x=1' });
    expect(await send(port, '/sekrit?x=1')).toEqual({ status: 200, body: '/?x=1' });
    expect(await send(port, '/sekrit')).toEqual({ status: 200, body: '/' });
    for (const path of ['/2015-03-31/functions/f/invocations', '/sekritx/a', '/other/sekrit/a']) expect((await send(port, path)).status, path).toBe(403);
  });
});
