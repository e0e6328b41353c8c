/**
 * Starts the Amplify-backed session after first paint. Amplify (~70 KB gzip) must stay out of the Home page's
 * critical path, so the header only calls this; the session module is fetched once the browser is idle (or
 * at once when a page needs it, e.g. /auth and /profile import it themselves).
 */
import { useAuthStore } from '../stores/auth';

let started: Promise<void> | undefined;

export function startSession(): Promise<void> {
  // If the session code cannot load (offline, a stale deploy), the visitor is treated as signed out rather
  // than left on "Loading..." forever.
  started ??= import('../api/session')
    .then((m) => m.startSession())
    .catch(() => useAuthStore.getState().signedOut());
  return started;
}

/**
 * Amplify keeps a signed-in visitor's tokens in localStorage under keys that start with this prefix
 * (`CognitoIdentityServiceProvider.<client id>.<user>.accessToken`, `... .LastAuthUser`; @aws-amplify/auth's
 * AUTH_KEY_PREFIX). Without one there is no session to check.
 */
export const STORED_SESSION_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/** Whether this browser may hold a session (any key of Amplify's), without loading Amplify to ask. */
export function mayHaveStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(STORED_SESSION_KEY_PREFIX)) return true;
    return false;
  } catch {
    return true; // storage unreadable here: let Amplify find out
  }
}

/**
 * How long an action waits for the session check before it goes on as signed out. The check asks Cognito, with no
 * timeout of its own: unbounded, a Cognito that never answers would keep Buy Now busy and the checkout tab it has
 * already opened blank for good. A few seconds covers a slow answer; a purchase made signed out is not lost (the
 * buyer adds it to the account afterwards, on the success screen or in My purchases).
 */
export const SESSION_WAIT_MS = 4_000;

/**
 * Whether the visitor is signed in, at the moment an action needs to know (Buy Now): the header starts the session
 * check only when the browser is idle, so a fast click can come before it answered; this waits for it then, at
 * most SESSION_WAIT_MS. A check still running after that keeps running and fills the header when it answers.
 */
export async function signedInNow(): Promise<boolean> {
  if (useAuthStore.getState().status === 'loading') {
    if (!mayHaveStoredSession()) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SESSION_WAIT_MS);
    });
    await Promise.race([startSession(), bound]);
    clearTimeout(timer);
  }
  return useAuthStore.getState().status === 'signedIn';
}

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };

export function startSessionWhenIdle(): void {
  if (started || typeof window === 'undefined') return;
  // Most visitors have never signed in on this browser: they are signed out, and the page loads neither Amplify
  // nor the configuration's schema to learn it (on a phone, a few long tasks right after the page has loaded).
  if (!mayHaveStoredSession()) {
    const auth = useAuthStore.getState();
    if (auth.status === 'loading') auth.signedOut();
    return;
  }
  const w = window as IdleWindow;
  const run = () => void startSession();
  if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
