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
 * Where the hosts differ, on purpose (each is marked `Host difference` in the modules of hosting/):
 *   - `upgrade-insecure-requests` and HSTS only over HTTPS (deployed): on http://localhost they would send the
 *     browser to an https://localhost nothing listens on.
 *   - connect-src names each host's own backends: deployed Cognito and the upload bucket; locally the
 *     emulators; the static server has no backend.
 *   - HTML's Cache-Control: deployed `s-maxage` lets CloudFront keep pages 5 minutes (invalidated on every
 *     deploy); with no shared cache in between, locally it is plain `no-cache`. Browsers revalidate either way.
 *   - A missing file (an extension path that names no file) is S3's own 404 deployed and a plain-text 404 locally.
 *   - Content-Type deployed is S3's (set at upload); /config.json is each host's own runtime config.
 *
 * Only node built-ins here and in hosting/, never React: infra, the local stack and the web build scripts all import it.
 */
export * from './hosting/routes';
export * from './hosting/csp';
export * from './hosting/headers';
export * from './hosting/serve';
export * from './hosting/origin';
