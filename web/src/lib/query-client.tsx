/**
 * TanStack Query for the screens that read per-purchase and per-account data (My purchases, the success screen's
 * confirmation, Get prompt from the account), with the spec's data-fetching defaults (§9: 3 retries, exponential
 * delay capped at 30 seconds, 5-minute cache lifetime). Only failures worth asking again are retried (no answer,
 * 408, 429, 5xx: `isRetryable`); a 4xx answer fails at once.
 *
 * Imported only by lazily loaded screens (never by the app entry), so marketing pages ship none of it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CACHE_LIFETIME_MS, RETRIES, isRetryable, retryDelay } from './query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < RETRIES && isRetryable(error),
      retryDelay: (failureIndex) => retryDelay(failureIndex),
      gcTime: CACHE_LIFETIME_MS,
      staleTime: CACHE_LIFETIME_MS,
      refetchOnWindowFocus: false,
    },
    // A user's action (pay, add, open the portal) fails visibly at once.
    mutations: { retry: false },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
