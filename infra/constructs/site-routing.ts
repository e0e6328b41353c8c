/**
 * How the hosted site maps a URL to a file, generated from the page list in shared/site.ts and run as two
 * CloudFront Functions (viewer request: pick the file; viewer response: give unknown paths the 404 status).
 *
 *   /services, /services/     -> /services/index.html   (prerendered page, its own HTML)
 *   /                         -> /index.html
 *   /auth, /profile, ...      -> /spa.html               (app routes: the untouched app shell)
 *   /assets/x.js, /config.json, /robots.txt               (anything with a file extension: as is)
 *   anything else             -> /404.html, status 404
 *
 * The status is set in the response function because a request function cannot serve a body from S3 with a
 * different status, and distribution-wide error pages would also rewrite the API's own 403/404 answers.
 * The code is plain ES5 (CloudFront Functions' dialect) and is also evaluated by the infra tests.
 */
import { pages, type PageDef } from '../../shared/site';

export const appShell = '/spa.html';
export const notFoundPage = '/404.html';

export function routeTable(): { prerendered: string[]; app: string[] } {
  const all = Object.values(pages) as PageDef[];
  return {
    prerendered: all.filter((p) => p.prerender).map((p) => p.path),
    app: all.filter((p) => !p.prerender).map((p) => p.path),
  };
}

function routeFunctionSource(): string {
  const { prerendered, app } = routeTable();
  const set = (paths: string[]) => JSON.stringify(Object.fromEntries(paths.map((p) => [p, 1])));
  return `var PRERENDERED = ${set(prerendered)};
var APP = ${set(app)};
function route(uri) {
  var path = uri;
  if (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.slice(0, -1);
  var last = path.slice(path.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return { uri: uri, status: 200 };
  if (PRERENDERED[path] === 1) return { uri: path === '/' ? '/index.html' : path + '/index.html', status: 200 };
  if (APP[path] === 1) return { uri: '${appShell}', status: 200 };
  return { uri: '${notFoundPage}', status: 404 };
}`;
}

export function viewerRequestSource(): string {
  return `${routeFunctionSource()}
function handler(event) {
  var request = event.request;
  request.uri = route(request.uri).uri;
  return request;
}`;
}

export function viewerResponseSource(): string {
  return `${routeFunctionSource()}
function handler(event) {
  var response = event.response;
  var uri = event.request.uri;
  if (response.statusCode === 200 && (uri === '${notFoundPage}' || route(uri).status === 404)) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`;
}
