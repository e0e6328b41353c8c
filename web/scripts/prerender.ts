/**
 * Renders every `prerender: true` page of shared/content/site.ts into `<path>/index.html` of the client build, with its
 * title, description and Open Graph tags, its CSS (inline) and the code of its screen (module preloads), plus:
 * - `spa.html`: the untouched shell for every other route (auth, profile, payment screens), rendered in the
 *   browser. The hosting must serve it for those paths, never Home's HTML (that would not hydrate);
 * - `404.html`: the not-found page, prerendered, for unknown paths.
 * Reads Vite's manifest (then deletes it: it is not part of the site) and the prerender bundle.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageDescriptions } from '@shared/content/page-descriptions';
import { pages } from '@shared/content/site';
import type { PageMeta } from '../src/app/head';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface ServerEntry {
  render(path: string): Promise<{ html: string; meta: PageMeta; routeModules: string[]; lazyModules: string[] }>;
  headTags(meta: PageMeta, origin: string, description?: string): string;
}

interface PrerenderResult {
  /** Page path -> file written, relative to dist. */
  files: Record<string, string>;
}

const HEAD_START = '<!--head:start-->';
const HEAD_END = '<!--head:end-->';
const ROOT = '<div id="root"></div>';

/** What the shell already loads: the entry chunk, its static imports and their CSS. */
function entryAssets(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error('Vite manifest has no entry chunk');
  const walk = (chunk: ManifestChunk) => {
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) seen.add(css);
    for (const key of chunk.imports ?? []) {
      const next = manifest[key];
      if (next) walk(next);
    }
  };
  walk(entry);
  return seen;
}

/** CSS files and JS chunks one page needs beyond the shell. */
function pageAssets(manifest: Manifest, routeModules: string[], lazyModules: string[]) {
  const shell = entryAssets(manifest);
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string, preload: boolean, followDynamic: boolean, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (preload && !shell.has(chunk.file)) js.add(chunk.file);
    for (const file of chunk.css ?? []) if (!shell.has(file)) css.add(file);
    for (const next of chunk.imports ?? []) visit(next, preload, false, seen);
    // Components a screen loads lazily are in its prerendered HTML: their CSS must be there from the start.
    if (followDynamic) for (const next of chunk.dynamicImports ?? []) visit(next, false, false, seen);
  };
  for (const key of routeModules) {
    if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest (route handle modules out of date?)`);
    visit(key, true, true, new Set());
  }
  for (const key of lazyModules) visit(key, false, false, new Set());
  return { css: [...css], js: [...js] };
}

function fillTemplate(template: string, head: string, body: string): string {
  const start = template.indexOf(HEAD_START);
  const end = template.indexOf(HEAD_END);
  if (start < 0 || end < 0 || !template.includes(ROOT)) throw new Error('web/index.html lost its head markers or #root');
  return template.slice(0, start) + head + template.slice(end + HEAD_END.length).replace(ROOT, `<div id="root">${body}</div>`);
}

/**
 * A prerendered page's stylesheets, inline: a stylesheet in <head> holds back the first paint until it has arrived,
 * one more round trip (several on HTTP/1.1) for a few KB. Each <style> keeps the file's URL in `data-href` for the
 * app, which tells Vite's loader the file is there (web/src/app/inlined-styles.ts); the CSP allows them by hash.
 */
function inlineStylesheets(html: string, dist: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_, file: string) => {
    const css = readFileSync(join(dist, file), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style" and cannot be inlined`);
    return `<style data-href="/${file}">${css}</style>`;
  });
}

function assetLinks(assets: { css: string[]; js: string[] }): string {
  return [
    ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
}

export async function prerender({ dist, ssrEntry, origin }: { dist: string; ssrEntry: string; origin: string }): Promise<PrerenderResult> {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const server = (await import(pathToFileURL(ssrEntry).href)) as ServerEntry;
  const files: Record<string, string> = {};

  const write = (file: string, html: string) => {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), html);
  };

  // The shell for client-rendered routes: nothing in #root, a neutral head, kept out of search results.
  const spaMeta: PageMeta = { title: pages.home.title, noindex: true };
  write('spa.html', fillTemplate(template, server.headTags(spaMeta, origin, pageDescriptions.home), ''));
  files['(client-rendered routes)'] = 'spa.html';

  const render = async (path: string, file: string) => {
    const page = await server.render(path);
    const assets = pageAssets(manifest, page.routeModules, page.lazyModules);
    const head = [server.headTags(page.meta, origin), assetLinks(assets)].filter(Boolean).join('\n    ');
    write(file, inlineStylesheets(fillTemplate(template, head, page.html), dist));
    files[path] = file;
  };

  for (const page of Object.values(pages)) {
    if (!page.prerender) continue;
    await render(page.path, page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`);
  }
  await render('/__not-found__', '404.html');

  rmSync(join(dist, '.vite'), { recursive: true, force: true });
  return { files };
}
