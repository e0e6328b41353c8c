/**
 * The staff console's frame in the app layer: it composes the accounts feature (who is signed in, and in which
 * groups, and whether they have an authenticator app) with the staff feature's screens, and gives them the app's
 * TanStack Query client. Staff only: anybody else is sent to sign in, or told the console is not for them; a member
 * without an authenticator app is guided through setting one up first (the API refuses them anyway: 401 / 403).
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import { useAuthStore } from '../../features/accounts/stores/auth';
import { hasAuthenticatorApp } from '../../features/accounts/api/second-factor';
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

/** The setup, with its QR code drawing, loads only for a member who needs it. */
const SecondFactorSetup = lazy(() => import('../../features/accounts/components/SecondFactorSetup').then((m) => ({ default: m.SecondFactorSetup })));

/** Whether the signed-in member has the authenticator app, as Cognito answered for that user (`sub`). */
type SecondFactor = { sub: string; state: 'set up' | 'missing' | 'unknown' };

/**
 * The members known to have the app in this page's life: each staff screen has its own gate, and moving between
 * them should neither flash "Loading..." nor ask Cognito again. Only "set up" is kept: a member without it signs
 * in again once it is set up.
 */
const knownSetUp = new Set<string>();

function Loading() {
  return (
    <main id="main" className="container page">
      <output>Loading...</output>
    </main>
  );
}

export function StaffGate({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const leaving = useAuthStore((s) => s.leaving);
  const navigate = useNavigate();
  const [secondFactor, setSecondFactor] = useState<SecondFactor | null>(null);
  const staffSub = user?.groups.includes(STAFF_GROUP) ? user.sub : undefined;

  useEffect(() => {
    void startSession();
  }, []);

  useEffect(() => {
    if (!staffSub || knownSetUp.has(staffSub)) return;
    let current = true;
    hasAuthenticatorApp().then(
      (has) => {
        if (has) knownSetUp.add(staffSub);
        if (current) setSecondFactor({ sub: staffSub, state: has ? 'set up' : 'missing' });
      },
      // Cognito could not be asked: the console opens, and the API decides (it refuses a member without the app).
      () => current && setSecondFactor({ sub: staffSub, state: 'unknown' }),
    );
    return () => {
      current = false;
    };
  }, [staffSub]);

  if (status === 'loading') return <Loading />;
  if (status === 'signedOut' && leaving) return null;
  if (status === 'signedOut' || !user) return <Navigate to="/auth" replace />;
  if (!user.groups.includes(STAFF_GROUP)) {
    return (
      <Message title="Staff only">
        <p>This part of the site is for the support staff. If you should have access, ask an operator to add you to the staff group, then sign out and in again.</p>
      </Message>
    );
  }
  const appState = knownSetUp.has(user.sub) ? 'set up' : secondFactor?.sub === user.sub ? secondFactor.state : undefined;
  if (!appState) return <Loading />;
  if (appState === 'missing') {
    return (
      <Suspense fallback={<Loading />}>
        <SecondFactorSetup email={user.email} onSignedOut={() => navigate('/auth')} />
      </Suspense>
    );
  }
  // The provider forgets every read when the user signs out or another signs in (../QueryProvider.tsx).
  return <QueryProvider>{children}</QueryProvider>;
}
