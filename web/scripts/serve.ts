/**
 * A static server for the built site that routes like the deployed hosting (CloudFront in front of S3), for the
 * benchmark and for browser tests that need only the site:
 *   /services -> services/index.html (prerendered); known client-rendered routes -> spa.html;
 *   anything else -> 404.html with status 404; precompressed .br/.gz sent as they are;
 *   hashed assets cached for a year, HTML revalidated; the CSP of dist/csp-hashes.json on every HTML answer.
 * `/config.json` is answered from `config` when the build has none (the local stack and the CDK write real ones).
 *
 *   npx tsx web/scripts/serve.ts [--port 4173]
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pages } from '../../shared/site';
import type { RuntimeConfig } from '../../shared/config';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

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

const clientRendered = new Set<string>(
  Object.values(pages)
    .filter((p) => !p.prerender)
    .map((p) => p.path),
);

export function contentSecurityPolicy(dir: string): string | undefined {
  const file = join(dir, 'csp-hashes.json');
  if (!existsSync(file)) return undefined;
  const hashes = (JSON.parse(readFileSync(file, 'utf8')) as { 'script-src': string[] })['script-src'];
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

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
  const csp = contentSecurityPolicy(root);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const inRoot = (p: string) => {
      const full = normalize(join(root, p));
      return full === root || full.startsWith(root + sep) ? full : undefined;
    };

    let file: string | undefined;
    let status = 200;
    if (path === '/config.json' && !existsSync(join(root, 'config.json'))) {
      res.writeHead(200, { 'content-type': TYPES['.json']!, 'cache-control': 'no-store' });
      res.end(JSON.stringify(config));
      return;
    }
    if (extname(path)) {
      file = inRoot(path);
    } else {
      const trimmed = path.replace(/\/+$/, '') || '/';
      const prerendered = inRoot(trimmed === '/' ? '/index.html' : `${trimmed}/index.html`);
      if (prerendered && existsSync(prerendered)) file = prerendered;
      else if (clientRendered.has(trimmed)) file = join(root, 'spa.html');
    }
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      file = join(root, '404.html');
      status = 404;
      if (!existsSync(file)) {
        res.writeHead(404, { 'content-type': TYPES['.txt']! }).end('Not found');
        return;
      }
    }

    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    };
    if (type.startsWith('text/html')) {
      if (csp) headers['content-security-policy'] = csp;
      headers['x-frame-options'] = 'DENY';
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = file;
    if (/\bbr\b/.test(accept) && existsSync(`${file}.br`)) {
      body = `${file}.br`;
      headers['content-encoding'] = 'br';
    } else if (/\bgzip\b/.test(accept) && existsSync(`${file}.gz`)) {
      body = `${file}.gz`;
      headers['content-encoding'] = 'gzip';
    }
    if (existsSync(`${file}.br`) || existsSync(`${file}.gz`)) headers.vary = 'Accept-Encoding';
    headers['content-length'] = String(statSync(body).size);
    res.writeHead(status, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(body).pipe(res);
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
