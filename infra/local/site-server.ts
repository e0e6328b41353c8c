/**
 * The site's origin (http://localhost:3000): the API under /api (see api-gateway.ts), the runtime
 * `/config.json`, and the web app: the built files from web/dist answered by the hosting policy of
 * shared/deployment/hosting.ts exactly as the deployed hosting routes them (prerendered routes as `<route>/index.html`,
 * `spa.html` for the client-rendered routes, `404.html` with status 404 for any other path, the same security
 * headers and CSP, with the local Cognito and S3 in connect-src), or Vite's dev server with hot reload
 * (`npm run dev`).
 */
import { existsSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { RuntimeConfig } from '@shared/contract/runtime-config';
import { localSecurityHeaders, serveBuiltSite } from '@shared/deployment/hosting';
import type { LocalApi } from './api-gateway';
import { handlingServer, sendJson } from './net';
import { repoRoot } from './state';

export type WebMode = 'dist' | 'vite' | 'none';

export const distDir = join(repoRoot, 'web', 'dist');
const viteConfigFile = join(repoRoot, 'web', 'vite.config.ts');

function serveDist(req: IncomingMessage, res: ServerResponse, pathname: string, root: string, headers: Record<string, string>): void {
  if (!existsSync(join(root, 'index.html'))) {
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end('<!doctype html><html lang="en"><title>Not built</title><main><h1>The web app is not built yet</h1><p>Run <code>npm run build:web</code>, or use <code>npm run dev</code>.</p></main></html>');
    return;
  }
  serveBuiltSite(req, res, { root, pathname, headers });
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
  /** The hosting policy's headers for the build being served. */
  siteHeaders: () => Record<string, string>;
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
      serveDist(req, res, url.pathname, webDir, state.siteHeaders());
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

  const server = handlingServer(handle, (error) => {
    console.error('[site]', error);
    return 'Internal Server Error';
  });

  /** What serving `web` needs: Vite's dev server, or the build's headers. */
  async function prepare(web: WebMode, connectOrigins: readonly string[]): Promise<Pick<ServingState, 'vite' | 'siteHeaders'>> {
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
    const siteHeaders = localSecurityHeaders(webDir, connectOrigins);
    return { vite, siteHeaders };
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
