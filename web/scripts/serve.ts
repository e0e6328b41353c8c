/**
 * A static server for the built site that answers as the deployed hosting does (the hosting policy of
 * shared/deployment/hosting.ts: routes, headers, CSP), for the benchmark and for browser tests that need only the site.
 * `/config.json` is answered from `config` when the build has none (the local stack and the CDK write real ones).
 * It has no backend, so its CSP lets the page connect to the site itself only.
 *
 *   npx tsx web/scripts/serve.ts [--port 4173]
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localSecurityHeaders, serveBuiltSite } from '@shared/deployment/hosting';
import type { RuntimeConfig } from '@shared/contract/runtime-config';

/** What the local stack would serve; enough for pages that only read it. */
export const placeholderConfig: RuntimeConfig = {
  stage: 'static',
  apiUrl: '',
  auth: {
    region: 'us-east-1',
    userPoolId: 'us-east-1_static',
    userPoolClientId: 'static-client',
    authFlowType: 'USER_PASSWORD_AUTH',
  },
};

export interface StaticServer {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

export function startStaticServer({
  dir,
  port = 0,
  host = '127.0.0.1',
  config = placeholderConfig,
}: {
  dir: string;
  port?: number;
  host?: string;
  config?: RuntimeConfig;
}): Promise<StaticServer> {
  const root = resolve(dir);
  const headers = localSecurityHeaders(root, []);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/config.json' && !existsSync(join(root, 'config.json'))) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers() });
      res.end(JSON.stringify(config));
      return;
    }
    serveBuiltSite(req, res, { root, pathname, headers: headers() });
  });
  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo;
      resolveStart({
        url: `http://${host}:${actual}`,
        server,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

async function main() {
  const portArg = process.argv.indexOf('--port');
  const port = portArg >= 0 ? Number(process.argv[portArg + 1]) : 4173;
  const dir = fileURLToPath(new URL('../dist', import.meta.url));
  const { url, close } = await startStaticServer({ dir, port });
  console.log(`serving ${dir} at ${url}`);
  const stop = () => void close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// No top-level await: test runners load this module with require().
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
