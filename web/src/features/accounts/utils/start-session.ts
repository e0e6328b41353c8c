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
 * Whether the visitor is signed in, at the moment an action needs to know (Buy Now): the header starts the session
 * check only when the browser is idle, so a fast click can come before it answered; this waits for it then.
 */
export async function signedInNow(): Promise<boolean> {
  if (useAuthStore.getState().status === 'loading') await startSession();
  return useAuthStore.getState().status === 'signedIn';
}

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };

export function startSessionWhenIdle(): void {
  if (started || typeof window === 'undefined') return;
  const w = window as IdleWindow;
  const run = () => void startSession();
  if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
