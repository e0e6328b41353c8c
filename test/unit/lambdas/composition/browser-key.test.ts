import { describe, expect, it } from 'vitest';
import { BROWSER_KEY_COOKIE, browserKeyOf, withBrowserKey } from '../../../../lambdas/composition/browser-key';
import { newBrowserKey } from '../../../../lambdas/domain/purchases/browser-binding';
import type { HttpEvent, HttpResult } from '../../../../lambdas/lib/http';
import { httpEvent, lambdaContext } from '../../../helpers/http-event';

const route = { method: 'POST', path: '/api/prompts' } as const;

describe('the browser key cookie', () => {
  it('reads a well-formed key from the cookie list (payload 2.0) or a Cookie header; anything else is no key', () => {
    const key = newBrowserKey();
    expect(browserKeyOf(httpEvent(route, {}, { cookies: ['a=1', `${BROWSER_KEY_COOKIE}=${key}`] }))).toBe(key);
    expect(browserKeyOf(httpEvent(route, {}, { headers: { cookie: `x=1; ${BROWSER_KEY_COOKIE}=${key}` } }))).toBe(key);
    for (const value of ['', 'short', `${key}x`, '<script>alert(1)</script>', `${key.slice(0, 42)};`]) {
      expect(browserKeyOf(httpEvent(route, {}, { cookies: [`${BROWSER_KEY_COOKIE}=${value}`] })), value).toBeUndefined();
    }
    expect(browserKeyOf(httpEvent(route, {}, { cookies: [`buyer=${key}`] }))).toBeUndefined();
  });

  it('gives a browser without a key one (httpOnly, Secure, host-only, Lax, a year) on any answer, and never treats it as sent', async () => {
    const seen: (string | undefined)[] = [];
    const handle = withBrowserKey(async (event: HttpEvent): Promise<HttpResult> => {
      seen.push(browserKeyOf(event));
      return { statusCode: 403, body: '{}' };
    });
    const answer = await handle(httpEvent(route, {}), lambdaContext);
    expect(seen).toEqual([undefined]);
    expect(answer.statusCode).toBe(403);
    expect(answer.cookies).toEqual([expect.stringMatching(new RegExp(`^${BROWSER_KEY_COOKIE}=[\\w-]{43}; Path=/; Max-Age=31536000; HttpOnly; Secure; SameSite=Lax$`))]);
    const key = newBrowserKey();
    const kept = await handle(httpEvent(route, {}, { cookies: [`${BROWSER_KEY_COOKIE}=${key}`] }), lambdaContext);
    expect(seen.at(-1)).toBe(key);
    expect(kept.cookies).toBeUndefined();
  });
});
