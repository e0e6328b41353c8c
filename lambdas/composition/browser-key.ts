/**
 * The browser key of a buyer without an account (issue 24, item 8; lambdas/domain/purchases/browser-binding.ts):
 * a random value in an httpOnly cookie, which scripts on the page (and so an injected one) cannot read.
 *
 * A purchase is only ever tied to a key the browser *sent*, never to one the server just made up: an answer can be
 * lost (the buyer closes the tab while the success screen confirms), and a purchase tied to a key the browser never
 * stored would be locked out. So the routes a buyer passes through before the success screen (Buy Now) and those
 * that tie (the confirmation, Get prompt) are wrapped in `withBrowserKey`: a browser that sent no valid key gets one
 * through the answer's Set-Cookie, for its next request; this request counts as keyless.
 *
 * `__Host-` makes the browser refuse the cookie unless it is Secure, for this host only and for every path;
 * SameSite=Lax keeps it off cross-site POSTs; a year is how long a purchase on one browser is remembered.
 *
 * In composition, not lambdas/lib: it joins the purchase rules' browser key (its format and minting, in the domain)
 * to the HTTP request and answer.
 */
import type { Context } from 'aws-lambda';
import { isBrowserKey, newBrowserKey } from '../domain/purchases/browser-binding';
import type { HttpEvent, HttpResult } from '../lib/http';

export const BROWSER_KEY_COOKIE = '__Host-buyer';
const MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The value of a cookie the request carries (payload 2.0 lists them apart from the headers). */
export function cookieValue(event: HttpEvent, name: string): string | undefined {
  const fromList = event.cookies ?? [];
  const fromHeader = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'cookie')?.[1]?.split(/;\s*/) ?? [];
  for (const cookie of [...fromList, ...fromHeader]) {
    const at = cookie.indexOf('=');
    if (at > 0 && cookie.slice(0, at).trim() === name) return cookie.slice(at + 1).trim();
  }
  return undefined;
}

/** The browser key this request carries, if it is a well-formed one. */
export function browserKeyOf(event: HttpEvent): string | undefined {
  const value = cookieValue(event, BROWSER_KEY_COOKIE);
  return isBrowserKey(value) ? value : undefined;
}

export function browserKeyCookie(key: string): string {
  return `${BROWSER_KEY_COOKIE}=${key}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
}

/** Gives a browser that sent no valid key one (Set-Cookie on whatever the answer is), for its next requests. */
export function withBrowserKey(handle: (event: HttpEvent, context: Context) => Promise<HttpResult>) {
  return async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const result = await handle(event, context);
    if (browserKeyOf(event) !== undefined) return result;
    return { ...result, cookies: [...(result.cookies ?? []), browserKeyCookie(newBrowserKey())] };
  };
}
