/**
 * Prerendered HTML (issue 3): each marketing route arrives as finished HTML with its heading, title,
 * description and Open Graph tags before any script runs, and the app takes it over without a hydration
 * mismatch. Other routes get the empty shell; unknown paths the prerendered 404 page with status 404.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { descriptionOf } from '@shared/content/page-descriptions';
import { pages } from '@shared/content/site';
import { collectErrors, marketingRoutes, prerenderedRoutes, waitForApp } from './support';

const pageByPath = new Map<string, (typeof pages)[keyof typeof pages]>(Object.values(pages).map((p) => [p.path, p]));
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

for (const path of prerenderedRoutes) {
  test(`${path}: the raw HTML has the page's heading, title, description and Open Graph tags`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const page = pageByPath.get(path);
    expect(page?.prerender).toBe(true);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>[^<]+/);
    const heading = marketingRoutes.find((r) => r.path === path)?.heading;
    if (heading) expect(root).toContain(`>${heading}</h1>`);
    expect(html).toContain(`<title>${escapeHtml(page?.title ?? '')}</title>`);
    expect(html).toContain(`<meta name="description" content="${escapeHtml(descriptionOf(path))}">`);
    expect(html).toContain(`<meta property="og:title" content="${escapeHtml(page?.title ?? '')}">`);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+${path === '/' ? '/' : path}">`));
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/og-image\.jpg">/);
    expect(html).not.toContain('name="robots" content="noindex"');
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const { path, heading } of marketingRoutes) {
    test(`${path} shows its content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Cadence AI');
    });
  }
});

for (const path of [...prerenderedRoutes, '/no/such/page']) {
  test(`${path}: hydrates without a mismatch or any console error`, async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto(path);
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    // The not-found document itself answers 404, which the browser logs as a failed resource.
    const expected = response?.status() === 404 ? errors.filter((e) => !/status of 404/.test(e)) : errors;
    expect(expected).toEqual([]);
  });
}

test('client-rendered routes get the empty shell, kept out of search results', async ({ request }) => {
  const html = await (await request.get('/auth')).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<meta name="robots" content="noindex">');
});

test('sitemap.xml lists the indexable pages with absolute URLs and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  expect(locs).toEqual(Object.values(pages).filter((p) => p.indexable).map((p) => p.path));
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
});

/**
 * A prerendered page paints without waiting for anything but its HTML (issue 23): its CSS is inline, and its code
 * comes as module scripts, which the browser runs only after parsing the page, never holding back its paint. It
 * still starts on its own (no visitor input), and the stylesheets it carries inline are not fetched again when the
 * visitor moves to a screen that needs them.
 */
test.describe('first paint', () => {
  for (const path of prerenderedRoutes) {
    test(`${path}: no stylesheet or script holds back the first paint, and the code starts on its own`, async ({ page }) => {
      const html = await (await page.request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
      expect(head).toMatch(/<style data-href="\/assets\/[^"]+\.css">/);
      // A script with a source holds back parsing (and so the paint) unless it is a module or deferred.
      const scriptsWithSource = [...head.matchAll(/<script[^>]*\ssrc=[^>]*>/g)].map((m) => m[0]);
      expect(scriptsWithSource.length).toBeGreaterThan(0);
      for (const tag of scriptsWithSource) expect(tag).toMatch(/\stype="module"|\sdefer\b/);

      await page.goto(path);
      await waitForApp(page);
      const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
      expect(firstPaint).toBeGreaterThan(0);
    });
  }

  test('the app, and moving to a screen whose CSS the page carries inline, do not fetch that CSS again', async ({ page }) => {
    const css: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') css.push(new URL(r.url()).pathname);
    });
    await page.goto('/contact');
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() => [...document.querySelectorAll('style[data-href]')].map((s) => (s as HTMLElement).dataset.href as string));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Idea Hub' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Idea');
    await page.waitForLoadState('networkidle');
    expect(inline.length).toBeGreaterThan(1);
    expect(css.filter((file) => inline.includes(file))).toEqual([]);
    const applied = await page.evaluate(() => [...document.styleSheets].filter((s) => !s.disabled).map((s) => s.href ?? (s.ownerNode as HTMLElement).dataset.href));
    expect(new Set(applied).size).toBe(applied.length);
  });
});

/**
 * A page painted while its HTML is still arriving (a slow network, or a parser that yields) must not move once the
 * rest arrives (issue 23's CLS 0): Lighthouse caught desktop /about painted with half of the header's links, which
 * then grew leftwards. The document here comes from a proxy that pauses inside the header's links, inside Home's
 * rating card and inside Services' package card; the page's layout shifts, as CLS counts them, must be none.
 */
test('a page whose HTML arrives in parts shows nothing that moves when the rest arrives', async ({ page, baseURL }) => {
  const pauses: [string, string][] = [
    ['/about', '>Marketplace</a>'],
    ['/', '<span class="rating-value">'],
    ['/services', '<ul class="check-list">'],
  ];
  const proxy = createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url ?? '/', baseURL));
    const body = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
    const pauseAt = pauses.find(([path]) => path === req.url)?.[1];
    const at = pauseAt ? body.indexOf(pauseAt) : -1;
    if (at < 0) return res.end(body);
    res.write(body.subarray(0, at));
    setTimeout(() => res.end(body.subarray(at)), 400);
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  try {
    await page.setViewportSize({ width: 1350, height: 900 });
    await page.addInitScript(() => {
      type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
      const w = window as Window & { __shifts?: string[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          const moved = entry.sources.map((s) => (s.node instanceof Element ? s.node.className : '?'));
          w.__shifts?.push(`${entry.value.toFixed(4)} ${moved.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const [path, pauseAt] of pauses) {
      const html = await (await page.request.get(path)).text();
      expect(html, `${path} has the place the proxy pauses at`).toContain(pauseAt);
      await page.goto(origin + path, { waitUntil: 'load' });
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as Window & { __shifts?: string[] }).__shifts), path).toEqual([]);
    }
  } finally {
    proxy.close();
  }
});
