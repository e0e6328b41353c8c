/**
 * The staff console's frame in the app layer: it composes the accounts feature (who is signed in, and in which
 * groups) with the staff feature's screens, and gives them the app's TanStack Query client. Staff only: anybody else
 * is sent to sign in, or told the console is not for them (the API refuses them anyway: 401 / 403).
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import { useAuthStore } from '../../features/accounts/stores/auth';
import { startSession } from '../../features/accounts/utils/start-session';
import { queryClient } from '../../lib/react-query';
import { QueryProvider } from '../QueryProvider';

/**
 * The app's query client and its defaults (the spec's retries and lifetime, lib/react-query.ts), but the staff's
 * reads are never taken as fresh: other staff and new visitors change them at any time, so a screen opened again
 * asks again (and shows what it had meanwhile).
 */
queryClient.setQueryDefaults(['staff'], { staleTime: 0 });

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="container page">
      <h1>{title}</h1>
      {children}
    </main>
  );
}

export function StaffGate({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const leaving = useAuthStore((s) => s.leaving);

  useEffect(() => {
    void startSession();
  }, []);

  if (status === 'loading') {
    return (
      <main id="main" className="container page">
        <output>Loading...</output>
      </main>
    );
  }
  if (status === 'signedOut' && leaving) return null;
  if (status === 'signedOut' || !user) return <Navigate to="/auth" replace />;
  if (!user.groups.includes(STAFF_GROUP)) {
    return (
      <Message title="Staff only">
        <p>This part of the site is for the support staff. If you should have access, ask an operator to add you to the staff group, then sign out and in again.</p>
      </Message>
    );
  }
  // The provider forgets every read when the user signs out or another signs in (../QueryProvider.tsx).
  return <QueryProvider>{children}</QueryProvider>;
}
