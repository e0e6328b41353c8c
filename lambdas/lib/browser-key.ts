/**
 * The browser key of a buyer without an account (issue 24, item 8; lambdas/domain/marketplace/browser-binding.ts):
 * a random value in an httpOnly cookie, which scripts on the page (and so an injected one) cannot read. The routes
 * that tie a purchase to a browser (the success screen's confirmation, Get prompt) are wrapped in `withBrowserKey`:
 * a browser that sent no valid key is given one for this request and keeps it through the answer's Set-Cookie,
 * whatever the answer is (an error after the purchase was tied to it must not lock it out).
 *
 * `__Host-` makes the browser refuse the cookie unless it is Secure, for this host only and for every path;
 * SameSite=Lax keeps it off cross-site POSTs; a year is how long a purchase on one browser is remembered.
 */
import type { Context } from 'aws-lambda';
import { isBrowserKey, newBrowserKey } from '../domain/marketplace/browser-binding';
import type { HttpEvent, HttpResult } from './http';

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

/** Gives a browser without a valid key one, for this request and (Set-Cookie) for the next ones. */
export function withBrowserKey(handle: (event: HttpEvent, context?: Context) => Promise<HttpResult>) {
  return async (event: HttpEvent, context?: Context): Promise<HttpResult> => {
    if (browserKeyOf(event) !== undefined) return handle(event, context);
    const key = newBrowserKey();
    const others = (event.cookies ?? []).filter((c) => !c.startsWith(`${BROWSER_KEY_COOKIE}=`));
    const result = await handle({ ...event, cookies: [...others, `${BROWSER_KEY_COOKIE}=${key}`] }, context);
    return { ...result, cookies: [...(result.cookies ?? []), browserKeyCookie(key)] };
  };
}
