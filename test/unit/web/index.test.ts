/** @vitest-environment happy-dom */
/**
 * The inline scripts in web/index.html:
 * - the first applies the theme before first paint, and the CSP hash the build publishes for it: the script must do
 *   what the store does, and the hash must match its exact bytes;
 * - the second records clicks made before hydration (test/browser/site/before-hydration.spec.ts covers it);
 * - the third starts Home's hero image before the app's code has loaded
 *   (web/src/features/marketing/components/HeroImage.tsx): a cache-busted request for the URL the prerendered box
 *   names, and the box's state once it settles. It leaves any other page, and a box whose image already has a
 *   source (rendered by the app), alone.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineScriptHashes } from '@shared/deployment/hosting';

const indexHtml = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../web/index.html'), 'utf8');
const scripts = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string);

function runThemeScript() {
  // The script is the site's own inline code; running it here is what the browser does before first paint.
  new Function(scripts[0] as string)();
}

describe('inline theme script', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });

  it('is the first of the three inline scripts (theme, the early-click capture, the hero image)', () => {
    expect(scripts).toHaveLength(3);
    expect(scripts[0]).toContain("localStorage.getItem('theme')");
    expect(scripts[1]).toContain('__earlyEvents');
    expect(scripts[2]).toContain('data-hero-src');
  });

  it('defaults to dark and writes it on first load', () => {
    runThemeScript();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('applies a stored light theme', () => {
    localStorage.setItem('theme', 'light');
    runThemeScript();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('has the CSP hash the build publishes, as has every other inline script', () => {
    const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(inlineScriptHashes(indexHtml)).toEqual(expect.arrayContaining([hashOf(scripts[0] as string)]));
    expect([...inlineScriptHashes(indexHtml)].sort()).toEqual(scripts.map(hashOf).sort());
  });
});

const heroScript = scripts.find((s) => s.includes('data-hero-src'));

/** The prerendered box as HomePage renders it before the app runs. */
const prerenderedBox = '<div class="hero-visual" data-state="loading" aria-busy="true" data-hero-src="/assets/hero-dashboard-abc.svg"><img alt="dashboard"><div class="hero-skeleton"></div></div>';

function runAtParseEnd(body: string) {
  document.body.innerHTML = body;
  // The script is the site's own inline code: it waits for the document to be parsed, as in the browser.
  new Function(heroScript as string)();
  // The parser's end: readyState turns "interactive" (before module scripts run and DOMContentLoaded).
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
  document.dispatchEvent(new Event('readystatechange'));
  delete (document as { readyState?: string }).readyState;
}

const box = () => document.querySelector('.hero-visual') as HTMLElement;
const img = () => document.querySelector('.hero-visual img') as HTMLImageElement;

describe('inline hero image script', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('is in web/index.html', () => {
    expect(heroScript).toBeDefined();
  });

  it('requests the image with a new cache-busting stamp on every load', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    runAtParseEnd(prerenderedBox);
    expect(img().getAttribute('src')).toBe('/assets/hero-dashboard-abc.svg?v=1700000000000');
    vi.setSystemTime(1_700_000_000_123);
    runAtParseEnd(prerenderedBox);
    expect(img().getAttribute('src')).toBe('/assets/hero-dashboard-abc.svg?v=1700000000123');
    expect(box().dataset.state).toBe('loading');
  });

  it('shows the image once it has loaded', () => {
    runAtParseEnd(prerenderedBox);
    img().dispatchEvent(new Event('load'));
    expect(box().dataset.state).toBe('loaded');
    expect(box().getAttribute('aria-busy')).toBe('false');
  });

  it('falls back to the card when the request fails', () => {
    runAtParseEnd(prerenderedBox);
    img().dispatchEvent(new Event('error'));
    expect(box().dataset.state).toBe('failed');
    expect(box().getAttribute('aria-busy')).toBe('false');
  });

  it('leaves pages without the hero, and an image the app already started, alone', () => {
    runAtParseEnd('<main><p>About us</p></main>');
    expect(document.querySelector('img')).toBeNull();
    runAtParseEnd(prerenderedBox.replace('<img alt="dashboard">', '<img alt="dashboard" src="/assets/hero-dashboard-abc.svg?v=1">'));
    expect(img().getAttribute('src')).toBe('/assets/hero-dashboard-abc.svg?v=1');
  });
});
