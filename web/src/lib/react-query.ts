/**
 * The data-fetching library (TanStack Query) for the app's reads, with the spec's defaults (§9: "3 retries,
 * exponential delay capped at 30 seconds, 5-minute cache lifetime"), which are the library's own, stated here so
 * they stay the spec's whatever its next version picks. Only the routes that read load it (the marketplace, for
 * the prompt dialog, the profile with My purchases, the success screen's purchase confirmation, the booking pages
 * and the staff console: web/src/app/QueryProvider.tsx); Home and the other marketing pages never do.
 *
 * Each read is one file per call in its feature's api/ folder, exporting the fetcher, its query options and its
 * hook (bulletproof-react's shape). Writes are never cached: a user's action must fail visibly at once.
 */
import { QueryClient, type DefaultOptions, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { ApiError } from './api';

/** Retries after the first failure. */
export const RETRIES = 3;
/** The longest wait between two attempts. */
export const RETRY_DELAY_CAP_MS = 30_000;
/**
 * How long a read is kept and answered from memory. Also its freshness: the data read here change only through
 * this app's own writes, which update the cache (the profile) or cannot change them (a bought prompt), so a read
 * is not asked again in the background within its lifetime.
 */
export const CACHE_LIFETIME_MS = 5 * 60_000;

/**
 * Whether a failed read is worth asking again: no answer at all (network, status 0), a timeout (408), throttling
 * (429) or a server/gateway failure (5xx, e.g. 502 when the prompt service is down, 503, 504). A 4xx answer (400 bad
 * input, 401 signed out, 403 no purchase, 404 no profile) fails at once: asking again gets the same answer and only
 * keeps the visitor on 'Loading...' for 7 s more. Errors that are not API answers (an unusable body, code bugs) are
 * not retried either.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

export const queryConfig = {
  queries: {
    retry: (failureCount, error) => failureCount < RETRIES && isRetryable(error),
    // 1 s, 2 s, 4 s, ... at most 30 s.
    retryDelay: (failureCount) => Math.min(1000 * 2 ** failureCount, RETRY_DELAY_CAP_MS),
    gcTime: CACHE_LIFETIME_MS,
    staleTime: CACHE_LIFETIME_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Asked whatever the browser believes about the network (the library would wait for 'online'): a visitor who
    // seems offline gets the screen's error after the retries rather than 'Loading...' with no end.
    networkMode: 'always',
  },
  mutations: { networkMode: 'always' },
} satisfies DefaultOptions;

/** The one client of the app (created when a route that reads first loads this module). */
export const queryClient = new QueryClient({ defaultOptions: queryConfig });

/** What a caller of a query hook may set besides the key and the fetcher (bulletproof-react's QueryConfig). */
// oxlint-disable-next-line typescript/no-explicit-any -- any function returning query options
export type QueryConfig<T extends (...args: any[]) => unknown> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

/** What a caller of a mutation hook may set besides the fetcher. */
// oxlint-disable-next-line typescript/no-explicit-any -- any fetcher
export type MutationConfig<F extends (...args: any[]) => Promise<unknown>> = Omit<UseMutationOptions<Awaited<ReturnType<F>>, Error, Parameters<F>[0]>, 'mutationFn'>;

export type { UseQueryOptions };
