/**
 * What each route costs a visitor in JavaScript and CSS before it is interactive, measured in Chromium rather than
 * read from the build's module graph, so that prerendered pages (CSS inline, the screen's code preloaded),
 * client-rendered routes (the shell, then the screen's chunk) and lazy components (the header's account links,
 * the contact form) are all counted the way a browser loads them.
 *
 * "Before interactive": requested before the app's first idle callback ran. The app schedules its idle-time work
 * (the session check, the runtime configuration) only once its screen is up, and the browser runs an idle callback
 * only when it has nothing else to do, so everything the screen needed was requested before. Idle-time requests are
 * listed apart. Each file counts once, at its size gzip (level 9; the site also serves brotli, printed beside).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export interface RouteBytes {
  path: string;
  js: Sizes & { files: string[] };
  css: Sizes & { files: string[] };
  /** JavaScript requested at idle time, after the page was interactive. */
  idleJs: Sizes & { files: string[] };
}

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export const gzipSize = (data: Buffer) => gzipSync(data, { level: 9 }).length;
const brotliSize = (data: Buffer) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function sizes(blobs: Buffer[]): Sizes {
  return blobs.reduce((s, b) => ({ raw: s.raw + b.length, gzip: s.gzip + gzipSize(b), brotli: s.brotli + brotliSize(b) }), { raw: 0, gzip: 0, brotli: 0 });
}

/** Records when the first idle callback of the page runs (before any of the page's own scripts). */
const idleProbe = () => {
  const w = window as Window & { __firstIdleAt?: number };
  const original = w.requestIdleCallback?.bind(w);
  if (!original) return;
  w.requestIdleCallback = (callback, options) =>
    original((deadline) => {
      w.__firstIdleAt ??= performance.now();
      callback(deadline);
    }, options);
};

interface PageLoad {
  firstIdleAt: number | null;
  resources: { url: string; startTime: number }[];
  inlineCss: string[];
}

export async function measureRouteBytes(browser: Browser, baseUrl: string, dist: string, path: string): Promise<RouteBytes> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(idleProbe);
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    // The idle callbacks come with a 2 s timeout at most; then whatever they fetch, and a quiet network again.
    await page.waitForFunction(() => (window as Window & { __firstIdleAt?: number }).__firstIdleAt !== undefined, undefined, { timeout: 10_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle');
    const load: PageLoad = await page.evaluate(() => ({
      firstIdleAt: (window as Window & { __firstIdleAt?: number }).__firstIdleAt ?? null,
      resources: performance.getEntriesByType('resource').map((e) => ({ url: e.name, startTime: e.startTime })),
      inlineCss: [...document.querySelectorAll('style[data-href]')].map((s) => s.textContent ?? ''),
    }));
    const file = (url: string) => {
      const { pathname, origin } = new URL(url);
      return origin === new URL(baseUrl).origin && /\.(js|css)$/.test(pathname) ? pathname : undefined;
    };
    const before = new Set<string>();
    const idle = new Set<string>();
    for (const r of load.resources) {
      const f = file(r.url);
      if (!f) continue;
      if (load.firstIdleAt === null || r.startTime < load.firstIdleAt) before.add(f);
      else idle.add(f);
    }
    for (const f of before) idle.delete(f);
    const read = (f: string) => {
      const onDisk = join(dist, f);
      if (!existsSync(onDisk)) throw new Error(`${path} loaded ${f}, which is not in ${dist}`);
      return readFileSync(onDisk);
    };
    const js = [...before].filter((f) => f.endsWith('.js')).sort();
    const css = [...before].filter((f) => f.endsWith('.css')).sort();
    const idleJs = [...idle].filter((f) => f.endsWith('.js')).sort();
    return {
      path,
      js: { ...sizes(js.map(read)), files: js },
      // Prerendered pages carry their CSS inline: it is CSS the visitor downloads all the same.
      css: { ...sizes([...css.map(read), ...load.inlineCss.map((t) => Buffer.from(t))]), files: [...css, ...load.inlineCss.map(() => '(inline)')] },
      idleJs: { ...sizes(idleJs.map(read)), files: idleJs },
    };
  } finally {
    await context.close();
  }
}
