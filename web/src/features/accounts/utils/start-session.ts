/**
 * Starts the Amplify-backed session after first paint. Amplify (~70 KB gzip) must stay out of the Home page's
 * critical path, so the header only calls this; the session module is fetched once the browser is idle (or
 * at once when a page needs it, e.g. /auth and /profile import it themselves).
 */
import { useAuthStore } from '../stores/auth';
import { mayHaveStoredSession } from './stored-session';

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

/** The header's session check (AccountLinks.tsx, for a browser that holds a session), when the browser is idle. */
export function startSessionWhenIdle(): void {
  if (started || typeof window === 'undefined') return;
  const w = window as IdleWindow;
  const run = () => void startSession();
  if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
