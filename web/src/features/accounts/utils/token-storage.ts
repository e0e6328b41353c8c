/**
 * The storage Amplify keeps the session's tokens in (its documented hook:
 * `cognitoUserPoolsTokenProvider.setKeyValueStorage`): Amplify's own localStorage storage, plus our record of the
 * keys it holds (SESSION_KEYS_STORAGE_KEY), which the header reads without loading Amplify (stored-session.ts).
 * Keys are opaque here: whatever Amplify stores, reads back or removes through this storage is tracked by name, so
 * an Amplify upgrade that renames its keys changes nothing. The record is gone once Amplify has removed them all
 * (sign-out, a refused refresh, a sign-out in another tab).
 */
import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import { SESSION_KEYS_STORAGE_KEY } from './stored-session';

function recordedKeys(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SESSION_KEYS_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return []; // a damaged record is rewritten from what Amplify does next
  }
}

function updateRecord(change: (keys: Set<string>) => void): void {
  try {
    const keys = new Set(recordedKeys());
    const before = JSON.stringify([...keys]);
    change(keys);
    const after = JSON.stringify([...keys]);
    if (after === before) return;
    if (keys.size) localStorage.setItem(SESSION_KEYS_STORAGE_KEY, after);
    else localStorage.removeItem(SESSION_KEYS_STORAGE_KEY);
  } catch {
    // localStorage blocked: Amplify keeps the tokens in memory, and the header asks Amplify (mayHaveStoredSession).
  }
}

/** `storage` (Amplify's `defaultStorage`) with our record of the keys it holds kept beside it. */
export function recordedTokenStorage(storage: KeyValueStorageInterface): KeyValueStorageInterface {
  const recorded: KeyValueStorageInterface = {
    async setItem(key, value) {
      await storage.setItem(key, value);
      updateRecord((keys) => keys.add(key));
    },
    async getItem(key) {
      const value = await storage.getItem(key);
      // A key found on reading is held too: this records sessions stored before the record existed, the first
      // time Amplify loads them (see mayHaveStoredSession).
      if (value !== null) updateRecord((keys) => keys.add(key));
      return value;
    },
    async removeItem(key) {
      await storage.removeItem(key);
      updateRecord((keys) => keys.delete(key));
    },
    async clear() {
      await storage.clear();
      updateRecord((keys) => keys.clear());
    },
  };
  // Amplify follows sign-ins and sign-outs made in other tabs through this optional hook: passed on as it is.
  const addListener = storage.addListener?.bind(storage);
  if (addListener) recorded.addListener = addListener;
  return recorded;
}
