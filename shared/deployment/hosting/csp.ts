/** The inline scripts and styles of the build and the Content-Security-Policy that allows them (see ../hosting.ts). */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface InlineContent {
  /** CSP sources (`'sha256-...'`) of every executable inline <script> of the build's HTML. */
  scriptHashes: string[];
  /** CSP sources (`'sha256-...'`) of every inline <style> element of the build's HTML (prerendered pages carry their CSS inline). */
  styleHashes: string[];
  /** style="" attributes in the built HTML (any -> style-src needs 'unsafe-inline'). */
  styleAttributes: number;
}

/**
 * Script types the browser runs (HTML's "JavaScript MIME type essence", modules, import maps); any other type
 * (JSON-LD and other data blocks) is never executed, so CSP does not apply to it and it needs no hash.
 */
const executableScriptType = /^(?:|module|importmap|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:jscript|livescript))$/;

/** The CSP hash source of every executable inline <script> of one HTML document, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = match[1] ?? '';
    const body = match[2] ?? '';
    if (/(?:^|\s)src\s*=/i.test(attrs) || body.length === 0) continue;
    const type = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!executableScriptType.test(typeValue)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The CSP hash source of every inline <style> element of one HTML document, in document order. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style\s*>/gi)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

export function inlineContentOf(htmlDocuments: readonly string[]): InlineContent {
  const hashes = new Set<string>();
  const styleHashes = new Set<string>();
  let styleAttributes = 0;
  for (const html of htmlDocuments) {
    for (const hash of inlineScriptHashes(html)) hashes.add(hash);
    for (const hash of inlineStyleHashes(html)) styleHashes.add(hash);
    // <style> elements are hashed above; only style="" attributes need 'unsafe-inline'.
    styleAttributes += html.replace(/<style(?:\s[^>]*)?>[\s\S]*?<\/style\s*>/gi, '').match(/\sstyle\s*=/gi)?.length ?? 0;
  }
  return { scriptHashes: [...hashes].sort(), styleHashes: [...styleHashes].sort(), styleAttributes };
}

/** The build's record of its inline content (web/scripts/build.ts writes it from `inlineContentOf`). */
export const inlineContentRecord = 'csp-hashes.json';

export interface InlineContentRecord {
  'script-src': string[];
  'style-src'?: string[];
  inlineStyleAttributes?: number;
}

function htmlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * What the built site at `dir` needs from the CSP: every inline script of every HTML file it holds, found by
 * reading the files themselves (so a new inline script anywhere is allowed without naming it), plus whatever
 * the build's record lists. The record is merged, never trusted alone: HTML rewritten after it was written is
 * still covered.
 */
export function inlineContent(dir: string): InlineContent {
  if (!existsSync(dir)) return { scriptHashes: [], styleHashes: [], styleAttributes: 0 };
  const scanned = inlineContentOf(htmlFilesUnder(dir).map((file) => readFileSync(file, 'utf8')));
  const recordFile = join(dir, inlineContentRecord);
  if (!existsSync(recordFile)) return scanned;
  const record = JSON.parse(readFileSync(recordFile, 'utf8')) as InlineContentRecord;
  return {
    scriptHashes: [...new Set([...scanned.scriptHashes, ...record['script-src']])].sort(),
    styleHashes: [...new Set([...scanned.styleHashes, ...(record['style-src'] ?? [])])].sort(),
    styleAttributes: Math.max(scanned.styleAttributes, record.inlineStyleAttributes ?? 0),
  };
}

export interface CspOptions extends InlineContent {
  /** Host difference: the backends the browser talks to besides the site itself (Cognito, the upload bucket). */
  connectSources: readonly string[];
  /** Served over HTTPS (deployed): adds upgrade-insecure-requests. */
  https: boolean;
}

export function contentSecurityPolicy(options: CspOptions): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...options.scriptHashes]],
    // Styles come from the build's CSS files and, on prerendered pages, the same CSS inline (by hash); run-time
    // style changes go through the CSSOM, which CSP allows. Only markup with style="" attributes would need
    // 'unsafe-inline' (which would also make browsers ignore the hashes).
    ['style-src', ["'self'", ...(options.styleAttributes > 0 ? ["'unsafe-inline'"] : options.styleHashes)]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    // The API is same-origin (/api); Stripe Checkout is a navigation in a new tab, which CSP does not govern.
    ['connect-src', ["'self'", ...options.connectSources]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    // Host difference: over plain HTTP (the local servers) this would rewrite every subresource to https://.
    ...(options.https ? ([['upgrade-insecure-requests', []]] as [string, string[]][]) : []),
  ];
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}
