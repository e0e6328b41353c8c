/** Serving a build from node: the local stack's site and the static server (see ../hosting.ts). */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { contentSecurityPolicy, inlineContent, inlineContentRecord } from './csp';
import { cacheControlOf, contentTypes, securityHeaders } from './headers';
import { route, routeTable, type RouteTable } from './routes';

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
