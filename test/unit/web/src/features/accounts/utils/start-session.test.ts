/** @vitest-environment happy-dom */
/**
 * Buy Now asks whether the visitor is signed in at the click, waiting for the session check if it has not answered
 * yet. A Cognito that never answers must not keep Buy Now busy (and its checkout tab blank) for good: after
 * SESSION_WAIT_MS the purchase goes on as signed out, while the header keeps waiting for the check's own answer.
 *
 * A browser that holds no session at all (nothing stored through the session's token storage: most visitors) is
 * signed out for Buy Now without loading Amplify (the header's part: AccountLinks.test.tsx).
 */
import { defaultStorage } from 'aws-amplify/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordedTokenStorage } from '../../../../../../../web/src/features/accounts/utils/token-storage';

/** The Amplify-backed session check, as each test lets it answer (or not). */
const check = vi.hoisted(() => ({ answer: (): Promise<void> => Promise.resolve(), calls: 0 }));
vi.mock('../../../../../../../web/src/features/accounts/api/session', () => ({
  startSession: () => {
    check.calls++;
    return check.answer();
  },
}));

/** A session kept the way the session code keeps one: Amplify stores a token through the storage we hand it. */
const storeSession = () => recordedTokenStorage(defaultStorage).setItem('a-token-key', 'token');

/** The module afresh (it keeps the check it started), with the store still `loading`. */
async function fresh() {
  vi.resetModules();
  const [session, { useAuthStore }] = await Promise.all([import('../../../../../../../web/src/features/accounts/utils/start-session'), import('../../../../../../../web/src/features/accounts/stores/auth')]);
  return { ...session, useAuthStore };
}

const user = { sub: 'sub-1', email: 'ann@example.com', username: 'ann', groups: [] };

beforeEach(() => {
  vi.useFakeTimers();
  check.calls = 0;
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('signedInNow', () => {
  beforeEach(storeSession);

  it('answers signed out after SESSION_WAIT_MS when the session check never answers', async () => {
    const { signedInNow, SESSION_WAIT_MS, useAuthStore } = await fresh();
    check.answer = () => new Promise<void>(() => undefined);
    let answer: boolean | undefined;
    void signedInNow().then((signedIn) => (answer = signedIn));

    await vi.advanceTimersByTimeAsync(SESSION_WAIT_MS - 1);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
    // Not an answer of the check: the header still waits for it.
    expect(useAuthStore.getState().status).toBe('loading');
  });

  it('answers as soon as the check does, when it answers in time', async () => {
    const { signedInNow, useAuthStore } = await fresh();
    check.answer = async () => useAuthStore.getState().signedIn(user);
    await expect(signedInNow()).resolves.toBe(true);
  });
});

describe('a browser without a stored session', () => {
  it('is signed out for Buy Now at once, without loading the session code', async () => {
    const { signedInNow } = await fresh();
    localStorage.setItem('theme', 'dark');
    await expect(signedInNow()).resolves.toBe(false);
    expect(check.calls).toBe(0);
  });
});
