/** @vitest-environment happy-dom */
/**
 * The inline script in web/index.html that applies the theme before first paint, and the CSP hash the build
 * publishes for it: the script must do what the store does, and the hash must match its exact bytes. (The other
 * inline script records clicks made before hydration; test/browser/site/before-hydration.spec.ts covers it.)
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
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

  it('is the first of the two inline scripts (theme, then the early-click capture)', () => {
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toContain("localStorage.getItem('theme')");
    expect(scripts[1]).toContain('__earlyEvents');
  });

  it('defaults to dark and writes it on first load', () => {
    runThemeScript();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.getAttribute('data-amplify-color-mode')).toBe('dark');
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
