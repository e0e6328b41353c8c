/**
 * The staff console's frame in the app layer: it composes the accounts feature (who is signed in, and in which
 * groups) with the staff feature's screens, and gives them their TanStack Query client. Staff only: anybody else
 * is sent to sign in, or told the console is not for them (the API refuses them anyway: 401 / 403).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import { useAuthStore } from '../../features/accounts/stores/auth';
import { startSession } from '../../features/accounts/utils/start-session';
import { RETRIES, isRetryable, retryDelay } from '../../lib/query';

/**
 * The spec's data-fetching defaults (section 9): 3 retries, exponential delay capped at 30 s, 5-minute cache
 * lifetime (TanStack Query's own gcTime default); answers that asking again cannot change (4xx) fail at once.
 */
function staffQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < RETRIES && isRetryable(error),
        retryDelay,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="container page">
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** One client per staff member: nothing one of them read is shown to the next in the same tab. */
function StaffQueries({ children }: { children: ReactNode }) {
  const [client] = useState(staffQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
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
  return <StaffQueries key={user.sub}>{children}</StaffQueries>;
}
