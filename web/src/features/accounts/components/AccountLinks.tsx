/**
 * The header's account links. A visitor who cannot be signed in (no session stored in this browser: most of
 * them) gets the Sign In link from this small module; the full links (My Profile, Sign Out, Staff, with the
 * sign-out code and its messages) are loaded only for a visitor who is, or may be, signed in (AccountNav.tsx).
 * Both render the same Sign In link while the session check runs, so the prerendered header hydrates either way.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthStore } from '../stores/auth';
import { mayHaveStoredSession } from '../utils/stored-session';
import { SignInLink } from './SignInLink';

const AccountNav = lazy(() => import('./AccountNav'));

export function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const status = useAuthStore((s) => s.status);
  // Read once: a session stored later comes with a sign-in, which sets the status.
  const [storedSession] = useState(mayHaveStoredSession);
  useEffect(() => {
    if (storedSession) {
      void import('../utils/start-session').then((session) => session.startSessionWhenIdle());
      return;
    }
    // Nothing stored: signed out, known without Amplify.
    const auth = useAuthStore.getState();
    if (auth.status === 'loading') auth.signedOut();
  }, [storedSession]);
  const full = status === 'signedIn' || (status === 'loading' && storedSession);
  return <Suspense fallback={null}>{full ? <AccountNav onNavigate={onNavigate} /> : <SignInLink onNavigate={onNavigate} />}</Suspense>;
}
