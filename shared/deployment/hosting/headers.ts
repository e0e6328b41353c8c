/** Cache-Control, the security headers and the content types of the hosting policy (see ../hosting.ts). */
/** Content-hashed build output (Vite's assets/ folder): a new build never reuses a name. */
export const assetsPrefix = '/assets/';

export const assetsCacheControl = 'public, max-age=31536000, immutable';
/** Browsers revalidate every time; CloudFront may keep a copy 5 minutes and is invalidated on every deploy. */
export const htmlCacheControl = 'public, max-age=0, s-maxage=300, must-revalidate';
/** Host difference: no shared cache in front of a local server, so only the browser's part of htmlCacheControl. */
export const localHtmlCacheControl = 'no-cache';

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
