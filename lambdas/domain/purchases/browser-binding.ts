/**
 * A bought prompt is not a shareable password (issue 24, item 8): a purchase made without an account belongs to
 * the browser that completed the checkout. That browser holds a random key in an httpOnly cookie (the HTTP layer
 * reads it, and sets it for a browser that has none: lambdas/composition/browser-key.ts; scripts never see it); the
 * purchase keeps only the key's SHA-256. The first browser to
 * confirm the session (the success screen, straight after Stripe's redirect) or to ask for its prompt is the
 * purchase's browser; any other browser is refused, whatever session id it knows. A buyer on another device
 * signs in: a purchase in an account is served to the account, on any device.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Purchase, PurchaseStore } from './record';

/** A new browser key: 32 random bytes, base64url. */
export function newBrowserKey(): string {
  return randomBytes(32).toString('base64url');
}

export function browserKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A key as a browser may send it: anything else is treated as no key. */
export function isBrowserKey(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Whether the purchase is tied to the browser holding `browserKey`. */
export function isBoundTo(purchase: Pick<Purchase, 'browserKeyHash'>, browserKey: string | undefined): boolean {
  return purchase.browserKeyHash !== undefined && isBrowserKey(browserKey) && browserKeyHash(browserKey) === purchase.browserKeyHash;
}

/**
 * Ties the purchase to this browser if it is tied to none yet, or answers whether it is this browser's. Only a key
 * the browser sent counts (lambdas/composition/browser-key.ts): without one, nothing is tied and the answer is no.
 */
export async function bindToBrowser(store: Pick<PurchaseStore, 'bindBrowser'>, purchase: Purchase, browserKey: string | undefined): Promise<boolean> {
  if (!isBrowserKey(browserKey)) return false;
  if (purchase.browserKeyHash !== undefined) return isBoundTo(purchase, browserKey);
  return (await store.bindBrowser(purchase.sessionId, browserKeyHash(browserKey))) !== 'other';
}
