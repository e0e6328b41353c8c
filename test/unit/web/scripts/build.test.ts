/**
 * The web build is a production build whoever starts it. `npm start` on a fresh clone runs `npm run build:web`
 * from the process that also runs Vite's dev server, which has set NODE_ENV=development; the child inherits it.
 * Built that way, web/dist once held React's development build (jsxDEV, the React DevTools notice in the console,
 * the entry chunk at 485 KB instead of 272 KB) and every later `npm start` kept serving it.
 *
 * This runs the real build with that inherited environment (it rewrites web/dist, with the same production build
 * `npm run build:web` writes) and looks for development code in what it wrote.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../..', import.meta.url).pathname;
const dist = join(root, 'web', 'dist');

/** Markers that only React's (and react-router's) development builds contain. */
const developmentCode = [/\bjsxDEV\b/, /React DevTools/, /Check the render method of/, /react-stack-bottom-frame/];

function builtScripts(): string[] {
  return readdirSync(dist, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(js|html)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('web build started as npm start starts it', () => {
  it('writes no development code to web/dist even with NODE_ENV=development inherited', { timeout: 120_000 }, () => {
    const run = spawnSync('npm', ['run', '--silent', 'build:web'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);

    const files = builtScripts();
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    const offenders = files.flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      return developmentCode.filter((marker) => marker.test(code)).map((marker) => `${file.slice(dist.length + 1)}: ${marker}`);
    });
    expect(offenders).toEqual([]);
  });

  it('loads the query library only with the screens that read: the profile (and My purchases), the prompt studio, the booking pages and the staff console with their route; the marketplace with its prompt dialog, the success screen with its purchase confirmation', () => {
    const assets = join(dist, 'assets');
    const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const code = new Map(chunks.map((f) => [f, readFileSync(join(assets, f), 'utf8')]));
    const imports = (f: string, pattern: RegExp) => [...(code.get(f) ?? '').matchAll(pattern)].map((m) => (m[1] as string).replace(/^\.\//, ''));
    const staticImports = (f: string) => imports(f, /(?:\bfrom\s*|\bimport\s*)["'`](\.\/[^"'`]+\.js)["'`]/g);
    const library = chunks.filter((f) => code.get(f)?.includes('No QueryClient set'));
    expect(library).toHaveLength(1);
    const reaches = (from: string, seen = new Set<string>()): boolean =>
      from === library[0] || (!seen.has(from) && (seen.add(from), staticImports(from).some((f) => reaches(f, seen))));
    // The lazily loaded screens: what the entry imports with import(); a screen's chunk is named after its module.
    const entry = chunks.find((f) => /^index-[\w-]+\.js$/.test(f)) as string;
    const screens = [...new Set(imports(entry, /\bimport\(["'`](\.\/[^"'`]+\.js)["'`]\)/g))];
    expect(screens.length).toBeGreaterThan(8);
    expect(reaches(entry)).toBe(false);
    expect(screens.filter((f) => reaches(f)).map((f) => f.replace(/-[\w-]+\.js$/, '')).sort()).toEqual(['booking', 'profile', 'prompt', 'staff']);
    const lazyParts = ['marketplace-prompt-dialog', 'payment-success-note'].map((name) => chunks.filter((f) => f.startsWith(`${name}-`)));
    expect(lazyParts.map((found) => found.length)).toEqual([1, 1]);
    expect(lazyParts.map((found) => reaches(found[0] as string))).toEqual([true, true]);
  });

  it("keeps the booking step offered after the demo dialog out of the marketing pages' entry: a chunk of its own, loaded once a request is stored", () => {
    const assets = join(dist, 'assets');
    const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const entry = readFileSync(join(assets, chunks.find((f) => /^index-[\w-]+\.js$/.test(f)) as string), 'utf8');
    const offer = chunks.filter((f) => /^BookingOffer-[\w-]+\.js$/.test(f));
    expect(offer).toHaveLength(1);
    expect(readFileSync(join(assets, offer[0] as string), 'utf8')).toContain('Pick your demo time');
    const lazyImports = [...entry.matchAll(/\bimport\(["'`]\.\/([^"'`]+\.js)["'`]\)/g)].map((m) => m[1]);
    expect(lazyImports).toContain(offer[0]);
    expect(entry).not.toContain('Your demo request is in');
  });
});

