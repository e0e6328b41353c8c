/** The routes of the hosting policy (see ../hosting.ts): which file of the build answers a URL, with which status. */
import { pages, type PageDef } from '../../content/site';

export const appShellFile = '/spa.html';
export const notFoundFile = '/404.html';

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
