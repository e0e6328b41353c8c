/** @vitest-environment happy-dom */
/**
 * The token storage handed to Amplify keeps our record of the keys Amplify holds, so the header knows "no session
 * here" without loading Amplify: the record follows what Amplify stores, reads back and removes, whatever the keys
 * are called, and is gone once they all are. Amplify's own key format is never read (stored-session.ts).
 */
import { defaultStorage } from 'aws-amplify/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mayHaveStoredSession, SESSION_KEYS_STORAGE_KEY } from '../../../../../../../web/src/features/accounts/utils/stored-session';
import { recordedTokenStorage } from '../../../../../../../web/src/features/accounts/utils/token-storage';

const storage = recordedTokenStorage(defaultStorage);

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('recordedTokenStorage', () => {
  it('stores through Amplify\'s storage; the header sees a session until every stored key is removed', async () => {
    expect(mayHaveStoredSession()).toBe(false);
    await storage.setItem('user', 'ann');
    await storage.setItem('access', 'token-1');
    // Removing a key that was never stored (as a token store does for a token it has not got) changes nothing.
    await storage.removeItem('id');
    expect(await storage.getItem('access')).toBe('token-1');
    expect(localStorage.getItem('access')).toBe('token-1');
    expect(mayHaveStoredSession()).toBe(true);

    await storage.removeItem('access');
    expect(mayHaveStoredSession()).toBe(true);
    await storage.removeItem('user');
    expect(mayHaveStoredSession()).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('a session stored before the record existed is recorded when Amplify first reads it', async () => {
    localStorage.setItem('access', 'token-from-before');
    expect(mayHaveStoredSession()).toBe(false); // Sign In on the marketing pages until then
    expect(await storage.getItem('missing')).toBeNull();
    expect(mayHaveStoredSession()).toBe(false);
    expect(await storage.getItem('access')).toBe('token-from-before');
    expect(mayHaveStoredSession()).toBe(true);
    await storage.removeItem('access');
    expect(mayHaveStoredSession()).toBe(false);
  });

  it('clear() forgets the record; a damaged record is rebuilt from what is stored next', async () => {
    await storage.setItem('access', 'token');
    await storage.clear();
    expect(mayHaveStoredSession()).toBe(false);

    localStorage.setItem(SESSION_KEYS_STORAGE_KEY, '{not json');
    await storage.setItem('access', 'token');
    await storage.removeItem('access');
    expect(mayHaveStoredSession()).toBe(false);
  });

  it('passes on Amplify\'s cross-tab listener, which hears changes made in other tabs', async () => {
    const heard: { key: string | null }[] = [];
    const stop = storage.addListener?.(async (event) => void heard.push(event));
    expect(stop).toBeTypeOf('function');
    localStorage.setItem('access', 'token-2');
    window.dispatchEvent(new StorageEvent('storage', { key: 'access', oldValue: null, newValue: 'token-2', storageArea: localStorage }));
    stop?.();
    expect(heard.map((e) => e.key)).toEqual(['access']);
  });
});
