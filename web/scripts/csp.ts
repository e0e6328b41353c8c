/**
 * The CSP hashes of the inline scripts in the built HTML (those of web/index.html: the theme script and the
 * recorder of early clicks), written to dist/csp-hashes.json for the hosting's Content-Security-Policy header:
 *   { "script-src": ["'sha256-...'"], "inlineStyleAttributes": 0 }
 * `inlineStyleAttributes` counts style="..." attributes in the prerendered HTML (0 = style-src needs no
 * 'unsafe-inline' for them).
 */
import { createHash } from 'node:crypto';

export interface CspHashes {
  'script-src': string[];
  inlineStyleAttributes: number;
}

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? '';
    if (body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function cspHashes(htmlFiles: string[]): CspHashes {
  const scripts = new Set<string>();
  let styles = 0;
  for (const html of htmlFiles) {
    for (const hash of inlineScriptHashes(html)) scripts.add(hash);
    styles += html.match(/\sstyle="/g)?.length ?? 0;
  }
  return { 'script-src': [...scripts].sort(), inlineStyleAttributes: styles };
}
