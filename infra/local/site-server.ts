/**
 * The site's origin (http://localhost:3000): the API under /api (see api-gateway.ts), the runtime
 * `/config.json`, and the web app: the built files from web/dist as the hosting serves them (prerendered routes
 * as `<route>/index.html`, `spa.html` for the client-rendered routes of shared/site.ts, `404.html` with status
 * 404 for any other path, pre-compressed siblings, the build's Content-Security-Policy), or Vite's dev server
 * with hot reload (`npm run dev`).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '../../shared/config';
import { pages } from '../../shared/site';
import type { LocalApi } from './api-gateway';
import { sendJson } from './net';
import { repoRoot } from './state';

export type WebMode = 'dist' | 'vite' | 'none';

export const distDir = join(repoRoot, 'web', 'dist');
export const viteConfigFile = join(repoRoot, 'web', 'vite.config.ts');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file CloudFront would answer for this path, or undefined (-> SPA fallback or 404). */
export function resolveDistFile(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  if (relative.split(sep).includes('..')) return undefined;
  const full = join(root, relative);
  if (!full.startsWith(root)) return undefined;
  if (relative && isFile(full)) return full;
  const index = join(full, 'index.html');
  if (isFile(index)) return index;
  return undefined;
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status = 200, htmlHeaders: Record<string, string> = {}): void {
  const type = contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const accepted = String(req.headers['accept-encoding'] ?? '');
  let served = file;
  let encoding: string | undefined;
  // Serve what the build pre-compressed: compressing on the fly cost Lighthouse dearly (see notes/web.md).
  if (/\bbr\b/.test(accepted) && isFile(`${file}.br`)) {
    served = `${file}.br`;
    encoding = 'br';
  } else if (/\bgzip\b/.test(accepted) && isFile(`${file}.gz`)) {
    served = `${file}.gz`;
    encoding = 'gzip';
  }
  const hashedAsset = /[/\\]assets[/\\]/.test(file);
  const headers: Record<string, string | number> = {
    'content-type': type,
    'content-length': statSync(served).size,
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(type.startsWith('text/html') ? { 'x-frame-options': 'DENY', ...htmlHeaders } : {}),
  };
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(served).pipe(res);
}

/** Routes the client renders (shared/site.ts, not prerendered): they get the SPA shell; unknown paths get 404.html. */
const clientRendered = new Set<string>(
  Object.values(pages)
    .filter((p) => !p.prerender)
    .map((p) => p.path),
);

function serveDist(req: IncomingMessage, res: ServerResponse, pathname: string, root: string, headers: Record<string, string>): void {
  if (!existsSync(join(root, 'index.html'))) {
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end('<!doctype html><html lang="en"><title>Not built</title><main><h1>The web app is not built yet</h1><p>Run <code>npm run build:web</code>, or use <code>npm run dev</code>.</p></main></html>');
    return;
  }
  const file = resolveDistFile(root, pathname);
  if (file) {
    sendFile(req, res, file, 200, headers);
    return;
  }
  const route = pathname.replace(/\/+$/, '') || '/';
  const spa = join(root, 'spa.html');
  if (!extname(pathname) && (clientRendered.has(route) || !isFile(join(root, '404.html')))) {
    sendFile(req, res, isFile(spa) ? spa : join(root, 'index.html'), 200, headers);
    return;
  }
  // What the hosting answers for a path no page has: the prerendered not-found page, status 404.
  const notFound = join(root, '404.html');
  if (isFile(notFound)) {
    sendFile(req, res, notFound, 404, headers);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not Found');
}

/**
 * The hosting's Content-Security-Policy (web/scripts/serve.ts builds it from the build's csp-hashes.json), with
 * the local Cognito and S3 origins added to connect-src: deployed, those are AWS hosts the policy names.
 */
async function localContentSecurityPolicy(root: string, extraOrigins: readonly string[]): Promise<string | undefined> {
  const serveScript = join(repoRoot, 'web', 'scripts', 'serve.ts');
  if (!existsSync(serveScript)) return undefined;
  try {
    const mod = (await import(pathToFileURL(serveScript).href)) as { contentSecurityPolicy?: (dir: string) => string | undefined };
    const policy = mod.contentSecurityPolicy?.(root);
    if (!policy) return undefined;
    const origins = extraOrigins.join(' ');
    return policy
      .split(/;\s*/)
      .map((d) => (/^(connect-src|img-src)\s/.test(d) ? `${d} ${origins}` : d))
      .join('; ');
  } catch (error) {
    console.warn('[site] no Content-Security-Policy header:', (error as Error).message);
    return undefined;
  }
}

interface ViteLike {
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  close(): Promise<void>;
}

export interface SiteServer {
  server: Server;
  /** Switch from "starting" to serving: from now on requests reach the API and the web app. */
  ready(opts: { api: LocalApi; runtimeConfig: RuntimeConfig; web: WebMode; connectOrigins: readonly string[] }): Promise<void>;
  /** Serve the web app another way from now on (e.g. web/dist once a background build finished). */
  setWeb(web: WebMode): Promise<void>;
  stop(): Promise<void>;
}

interface ServingState {
  api: LocalApi;
  runtimeConfig: RuntimeConfig;
  web: WebMode;
  connectOrigins: readonly string[];
  vite?: ViteLike;
  htmlHeaders: Record<string, string>;
}

export function createSiteServer(webDir = distDir): SiteServer {
  let state: ServingState | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!state) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
      res.end('The local stack is starting.');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://local');
    if (await state.api.handle(req, res)) return;
    if (url.pathname === '/config.json') {
      sendJson(res, 200, state.runtimeConfig);
      return;
    }
    if (state.web === 'dist') {
      serveDist(req, res, url.pathname, webDir, state.htmlHeaders);
      return;
    }
    if (state.vite) {
      state.vite.middlewares(req, res, (error) => {
        if (error) console.error('[vite]', error);
        res.statusCode = error ? 500 : 404;
        res.end(error ? 'Vite failed' : 'Not Found');
      });
      return;
    }
    if (state.web === 'vite') {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Vite's dev server is not available: ${viteConfigFile} is missing.`);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not Found (this local stack serves no web app)');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      console.error('[site]', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });

  /** What serving `web` needs: Vite's dev server, or the build's headers. */
  async function prepare(web: WebMode, connectOrigins: readonly string[]): Promise<Pick<ServingState, 'vite' | 'htmlHeaders'>> {
    let vite: ViteLike | undefined;
    if (web === 'vite') {
      if (existsSync(viteConfigFile)) {
        const { createServer: createVite } = await import('vite');
        vite = (await createVite({
          configFile: viteConfigFile,
          appType: 'spa',
          // HMR's websocket shares the site's port, so the page reloads against the same origin.
          server: { middlewareMode: true, ws: { server } },
        })) as unknown as ViteLike;
      } else {
        console.warn(`[site] ${viteConfigFile} does not exist yet: the site answers 503 until it does (restart then).`);
      }
    }
    const htmlHeaders: Record<string, string> = {};
    if (web === 'dist') {
      const csp = await localContentSecurityPolicy(webDir, connectOrigins);
      if (csp) htmlHeaders['content-security-policy'] = csp;
    }
    return { vite, htmlHeaders };
  }

  return {
    server,
    async ready(opts) {
      state = { ...opts, ...(await prepare(opts.web, opts.connectOrigins)) };
    },
    async setWeb(web) {
      if (!state) throw new Error('The site is not serving yet');
      const previous = state.vite;
      state = { ...state, web, ...(await prepare(web, state.connectOrigins)) };
      await previous?.close();
    },
    async stop() {
      await state?.vite?.close();
    },
  };
}
