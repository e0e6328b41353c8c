/**
 * The browser's memory of purchases (spec 000_87e5fbf87b6c3f39.txt §3 and 4): a JSON list of app ids in localStorage under
 * `purchasedApps_v1`, re-read when another tab changes it. Alongside, the Stripe Checkout session id of each
 * purchase (`purchaseSessions_v1`), which the prompt API asks for where the stage sells prompts.
 */
import { useSyncExternalStore } from 'react';

const PURCHASES_KEY = 'purchasedApps_v1';
const SESSIONS_KEY = 'purchaseSessions_v1';

const listeners = new Set<() => void>();
const EMPTY: readonly string[] = [];
let snapshot: { raw: string | null; ids: readonly string[] } = { raw: null, ids: EMPTY };

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); then purchases are simply not remembered.
    return undefined;
  }
}

function parseIds(raw: string | null): readonly string[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The purchased app ids; the same array while storage is unchanged (as useSyncExternalStore requires). */
function purchasedApps(): readonly string[] {
  const raw = storage()?.getItem(PURCHASES_KEY) ?? null;
  if (raw !== snapshot.raw) snapshot = { raw, ids: parseIds(raw) };
  return snapshot.ids;
}

function notify(): void {
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === PURCHASES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function rememberPurchase(appId: string, sessionId?: string): void {
  const store = storage();
  if (!store) return;
  const ids = purchasedApps();
  if (!ids.includes(appId)) store.setItem(PURCHASES_KEY, JSON.stringify([...ids, appId]));
  if (sessionId) store.setItem(SESSIONS_KEY, JSON.stringify({ ...purchaseSessions(), [appId]: sessionId }));
  notify();
}

export function purchaseSessions(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(SESSIONS_KEY) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Purchased app ids; empty while prerendering and hydrating, so the server HTML and first render agree. */
export function usePurchasedApps(): readonly string[] {
  return useSyncExternalStore(subscribe, purchasedApps, () => EMPTY);
}
