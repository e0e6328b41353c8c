/**
 * The hosting policy: how a URL maps to a file of the built site (web/dist), which headers every answer carries,
 * and the Content-Security-Policy with the hashes of the build's inline scripts. One definition, used by
 *   - the deployed hosting (infra/constructs/site.ts): the CloudFront Functions are generated from `route` and
 *     the route table below, the response headers policy from `securityHeaders`, the S3 object metadata from
 *     the cache-control values;
 *   - the local stack's site (infra/local/site-server.ts) and the static server (web/scripts/serve.ts), which
 *     both answer with `serveBuiltSite`.
 * test/infra/hosting-parity.test.ts serves every route through all three and compares the answers.
 *
 * Routes (the page list of shared/content/site.ts):
 *   /services, /services/     -> /services/index.html   (prerendered page, its own HTML)
 *   /                         -> /index.html
 *   /auth, /profile, ...      -> /spa.html               (client-rendered app routes: the untouched app shell)
 *   /assets/x.js, /robots.txt                            (anything with a file extension: that file, or 404)
 *   anything else, /404.html  -> /404.html, status 404
 *
 * Where the hosts differ, on purpose (each is marked `Host difference` below):
 *   - `upgrade-insecure-requests` and HSTS only over HTTPS (deployed): on http://localhost they would send the
 *     browser to an https://localhost nothing listens on.
 *   - connect-src names each host's own backends: deployed Cognito and the upload bucket; locally the
 *     emulators; the static server has no backend.
 *   - HTML's Cache-Control: deployed `s-maxage` lets CloudFront keep pages 5 minutes (invalidated on every
 *     deploy); with no shared cache in between, locally it is plain `no-cache`. Browsers revalidate either way.
 *   - A missing file (an extension path that names no file) is S3's own 404 deployed and a plain-text 404 locally.
 *   - Content-Type deployed is S3's (set at upload); /config.json is each host's own runtime config.
 *
 * Only node built-ins here, never React: infra, the local stack and the web build scripts all import it.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pages, type PageDef } from '../content/site';

export const appShellFile = '/spa.html';
export const notFoundFile = '/404.html';
/** Content-hashed build output (Vite's assets/ folder): a new build never reuses a name. */
export const assetsPrefix = '/assets/';

export const assetsCacheControl = 'public, max-age=31536000, immutable';
/** Browsers revalidate every time; CloudFront may keep a copy 5 minutes and is invalidated on every deploy. */
export const htmlCacheControl = 'public, max-age=0, s-maxage=300, must-revalidate';
/** Host difference: no shared cache in front of a local server, so only the browser's part of htmlCacheControl. */
export const localHtmlCacheControl = 'no-cache';

// ---------------------------------------------------------------------------------------------------------------
// Routes

/** Page path -> the file that answers it, and the file that answers every other extension-less path. */
export interface RouteTable {
  readonly files: Readonly<Record<string, string>>;
  readonly notFound: string;
}

export function routeTable(): RouteTable {
  const files: Record<string, string> = {};
  for (const page of Object.values(pages) as PageDef[]) {
    files[page.path] = page.prerender ? (page.path === '/' ? '/index.html' : `${page.path}/index.html`) : appShellFile;
  }
  return { files, notFound: notFoundFile };
}

export interface Route {
  /** The file's path in the build (as requested, still URL-encoded, for files). */
  readonly uri: string;
  readonly status: 200 | 404;
}

/**
 * The file that answers a request path, and the status to answer with.
 *
 * This function's own source text becomes the CloudFront Functions' code (cloudfront-js-2.0), so its body stays
 * in that dialect whatever the TypeScript runner prints: no inner functions (tsx wraps them in a `__name` helper
 * CloudFront lacks), no `{ x: x }` (printed as the shorthand `{ x }`, which the runtime does not list), no
 * imports, nothing but the route table it is given.
 */
export function route(requestUri: string, table: RouteTable): Route {
  let path = requestUri;
  if (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.slice(0, -1);
  if (path === table.notFound) return { uri: table.notFound, status: 404 };
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return { uri: requestUri, status: 200 };
  if (Object.prototype.hasOwnProperty.call(table.files, path)) return { uri: table.files[path] as string, status: 200 };
  return { uri: table.notFound, status: 404 };
}

function cloudFrontFunction(handler: string, table: RouteTable): string {
  const source = `var ROUTES = ${JSON.stringify(table)};
${route.toString()}
${handler}`;
  // A transpiler's helper call would only fail at the edge: refuse to produce such code at synth time.
  if (/\b__\w+\(/.test(source)) throw new Error(`The CloudFront Function code calls a transpiler helper:\n${source}`);
  return source;
}

/** Viewer request: points the request at the file that answers it. */
export function viewerRequestSource(table = routeTable()): string {
  return cloudFrontFunction(
    `function handler(event) {
  var request = event.request;
  request.uri = route(request.uri, ROUTES).uri;
  return request;
}`,
    table,
  );
}

/**
 * Viewer response: gives the not-found page its 404 status. Set here because a request function cannot serve an
 * S3 body with another status, and distribution-wide error pages would also rewrite the API's own 4xx answers.
 * Whether CloudFront hands it the original or the rewritten URI, the status comes out the same.
 */
export function viewerResponseSource(table = routeTable()): string {
  return cloudFrontFunction(
    `function handler(event) {
  var response = event.response;
  if (response.statusCode === 200 && route(event.request.uri, ROUTES).status === 404) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`,
    table,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Inline scripts and the Content-Security-Policy

export interface InlineContent {
  /** CSP sources (`'sha256-...'`) of every executable inline <script> of the build's HTML. */
  scriptHashes: string[];
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

export function inlineContentOf(htmlDocuments: readonly string[]): InlineContent {
  const hashes = new Set<string>();
  let styleAttributes = 0;
  for (const html of htmlDocuments) {
    for (const hash of inlineScriptHashes(html)) hashes.add(hash);
    styleAttributes += html.match(/\sstyle\s*=/gi)?.length ?? 0;
  }
  return { scriptHashes: [...hashes].sort(), styleAttributes };
}

/** The build's record of its inline content (web/scripts/build.ts writes it from `inlineContentOf`). */
export const inlineContentRecord = 'csp-hashes.json';

export interface InlineContentRecord {
  'script-src': string[];
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
  if (!existsSync(dir)) return { scriptHashes: [], styleAttributes: 0 };
  const scanned = inlineContentOf(htmlFilesUnder(dir).map((file) => readFileSync(file, 'utf8')));
  const recordFile = join(dir, inlineContentRecord);
  if (!existsSync(recordFile)) return scanned;
  const record = JSON.parse(readFileSync(recordFile, 'utf8')) as InlineContentRecord;
  return {
    scriptHashes: [...new Set([...scanned.scriptHashes, ...record['script-src']])].sort(),
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
    // Styles come from the build's CSS files; run-time style changes go through the CSSOM, which CSP allows.
    // Only markup with style="" attributes would need 'unsafe-inline'.
    ['style-src', ["'self'", ...(options.styleAttributes > 0 ? ["'unsafe-inline'"] : [])]],
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

// ---------------------------------------------------------------------------------------------------------------
// Response headers

/** Two years, the preload list's minimum. */
export const hstsMaxAgeSeconds = 730 * 24 * 60 * 60;
export const referrerPolicy = 'strict-origin-when-cross-origin';
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** The security headers of every answer of the site (CloudFront's response headers policy sets the same). */
export function securityHeaders(options: { csp: string; https: boolean }): Record<string, string> {
  return {
    'content-security-policy': options.csp,
    // Host difference: browsers ignore HSTS over plain HTTP, and localhost must stay reachable over it.
    ...(options.https ? { 'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains` } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': referrerPolicy,
    'permissions-policy': permissionsPolicy,
  };
}

/** Cache-Control of a file of the build, by its path in the build. */
export function cacheControlOf(file: string, options: { deployed: boolean }): string {
  if (file.startsWith(assetsPrefix)) return assetsCacheControl;
  return options.deployed ? htmlCacheControl : localHtmlCacheControl;
}

export const contentTypes: Readonly<Record<string, string>> = {
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

// ---------------------------------------------------------------------------------------------------------------
// Serving a build from node (the local stack's site and the static server)

/**
 * The headers a node server adds to every answer from the build at `dir`: the policy's, for plain HTTP. They
 * are worked out again whenever the build's record changes (every build rewrites it), so a server left
 * running across `npm run build:web` allows the new build's inline scripts.
 */
export function localSecurityHeaders(dir: string, connectSources: readonly string[]): () => Record<string, string> {
  let builtAt: number | undefined;
  let headers: Record<string, string> = {};
  return () => {
    const recordTime = existsSync(join(dir, inlineContentRecord)) ? statSync(join(dir, inlineContentRecord)).mtimeMs : 0;
    if (recordTime !== builtAt) {
      const csp = contentSecurityPolicy({ ...inlineContent(dir), connectSources, https: false });
      headers = securityHeaders({ csp, https: false });
      builtAt = recordTime;
    }
    return headers;
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file of the build at `root` that a routed URI names, or undefined if none (or outside the build). */
export function builtFile(root: string, uri: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    return undefined;
  }
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  const full = join(root, relative);
  if (!relative || relative.split(/[/\\]/).includes('..') || !full.startsWith(root + sep)) return undefined;
  return isFile(full) ? full : undefined;
}

/**
 * Answers a GET/HEAD for the build at `root` as the deployed hosting does: `route`, then the file with the
 * policy's headers (`headers`, from `localSecurityHeaders`), pre-compressed siblings (.br/.gz) when accepted.
 */
export function serveBuiltSite(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { root: string; pathname: string; headers: Record<string, string>; table?: RouteTable },
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...opts.headers }).end();
    return;
  }
  const root = resolve(opts.root);
  const { uri, status } = route(opts.pathname, opts.table ?? routeTable());
  const file = builtFile(root, uri);
  if (!file) {
    // Host difference: deployed, S3 answers a missing file with its own 404.
    res.writeHead(404, { 'content-type': contentTypes['.txt']!, ...opts.headers }).end('Not Found');
    return;
  }
  const accepted = String(req.headers['accept-encoding'] ?? '');
  let served = file;
  let encoding: string | undefined;
  // Serve what the build pre-compressed: compressing on the fly costs more than the file is worth.
  if (/\bbr\b/.test(accepted) && isFile(`${file}.br`)) {
    served = `${file}.br`;
    encoding = 'br';
  } else if (/\bgzip\b/.test(accepted) && isFile(`${file}.gz`)) {
    served = `${file}.gz`;
    encoding = 'gzip';
  }
  const pathInBuild = `/${file.slice(root.length + 1).split(sep).join('/')}`;
  const headers: Record<string, string> = {
    'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(statSync(served).size),
    'cache-control': cacheControlOf(pathInBuild, { deployed: false }),
    vary: 'Accept-Encoding',
    ...opts.headers,
  };
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') res.end();
  else createReadStream(served).pipe(res);
}
