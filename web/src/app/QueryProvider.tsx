/**
 * The data-fetching library's client (web/src/lib/react-query.ts) for the screens that read through it: the
 * marketplace (its prompt dialog), the profile (and My purchases), the success screen (its purchase
 * confirmation), the prompt studio, the visitor's booking pages and the staff console. Only their routes load this
 * module, so Home and the other marketing pages ship no query library.
 *
 * Signing out (on /profile, in the header, by an expired session) or another user signing in forgets every cached
 * read, so nothing one visitor read is served to the next. Registered when this module loads, which is before any
 * read can be cached.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAuthStore } from '../features/accounts/stores/auth';
import { queryClient } from '../lib/react-query';

useAuthStore.subscribe((state, previous) => {
  if (previous.status === 'signedIn' && (state.status !== 'signedIn' || state.user?.sub !== previous.user?.sub)) queryClient.clear();
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
