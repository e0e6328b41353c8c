/**
 * The spec's data-fetching defaults (section 9: "3 retries, exponential delay capped at 30 seconds, 5-minute
 * cache lifetime") for the app's reads, without shipping a query library: this module is a few hundred bytes and
 * is imported only by the features that read (accounts' profile, marketplace's prompt), never by the app entry.
 *
 * - `query(key, fetcher, { signal })`: answers from memory when the key was read successfully within the last
 *   5 minutes; otherwise runs the fetcher, retrying retryable failures up to 3 times (1 s, 2 s, 4 s, ... at most
 *   30 s apart). Callers asking for the same key while it is being read share that one request.
 * - Writes are never run through here: a user's action (send a form, pay, rename) must fail visibly at once and
 *   is never answered from memory. A write that changes read data updates (`setQueryData`) or drops
 *   (`invalidateQueries`) the cached read; signing out clears everything (`clearQueries`).
 *
 * Time comes from `Date.now()` and `setTimeout`, so tests drive it with fake timers.
 */
import { ApiError } from './api';

/** Retries after the first failure (the query library's default). */
export const RETRIES = 3;
const RETRY_DELAY_CAP_MS = 30_000;
/**
 * How long a successful read is answered from memory. (The query library keeps unused data for 5 minutes but
 * refetches it in the background on every mount; the screens here have no background refresh to reconcile, and
 * the data they read change only through this app's own writes, which update the cache, so one lifetime does.)
 */
export const CACHE_LIFETIME_MS = 5 * 60_000;

/** The wait before retry `failureIndex + 1`: the query library's min(1000 * 2^n, 30000), i.e. 1 s, 2 s, 4 s, ... */
export function retryDelay(failureIndex: number): number {
  return Math.min(1000 * 2 ** failureIndex, RETRY_DELAY_CAP_MS);
}

/**
 * Whether a failed read is worth asking again: no answer at all (network, status 0), a timeout (408), throttling
 * (429) or a server/gateway failure (5xx, e.g. 502 when the prompt service is down, 503, 504). The query library
 * retries every error; here a 4xx answer (400 bad input, 401 signed out, 403 no purchase, 404 no profile) fails
 * at once, because asking again gets the same answer and only keeps the visitor on 'Loading...' for 7 s more.
 * Errors that are not API answers (an unusable body, code bugs) are not retried either.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** Waits `ms`; an abort ends the wait at once (rejecting with an AbortError). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

interface RetryOptions {
  /** Aborting stops the current attempt (the fetcher gets the signal), any wait, and further attempts. */
  readonly signal?: AbortSignal;
  readonly retries?: number;
  readonly delay?: (failureIndex: number) => number;
  readonly retryable?: (error: unknown) => boolean;
}

/** Runs `attempt`, retrying retryable failures with the spec's defaults. Throws the last failure. */
export async function withRetry<T>(attempt: (signal: AbortSignal | undefined) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { signal, retries = RETRIES, delay = retryDelay, retryable = isRetryable } = options;
  for (let failures = 0; ; failures++) {
    if (signal?.aborted) throw abortError();
    try {
      return await attempt(signal);
    } catch (error) {
      if (signal?.aborted) throw abortError();
      if (failures >= retries || !retryable(error)) throw error;
    }
    await sleep(delay(failures), signal);
  }
}

/** A read's identity: what is read (route, input) and, for signed-in reads, for whom. */
type QueryKey = readonly unknown[];

/** A stable text for a key: object properties sorted, undefined properties dropped (like the query library). */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_name, value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const sorted: Record<string, unknown> = {};
    for (const name of Object.keys(value).sort()) sorted[name] = (value as Record<string, unknown>)[name];
    return sorted;
  });
}

interface Entry {
  readonly key: QueryKey;
  readonly data: unknown;
  readonly storedAt: number;
}

interface Request {
  readonly key: QueryKey;
  readonly controller: AbortController;
  readonly promise: Promise<unknown>;
  followers: number;
}

const cache = new Map<string, Entry>();
const inFlight = new Map<string, Request>();

function freshEntry(hash: string): Entry | undefined {
  const entry = cache.get(hash);
  if (!entry) return undefined;
  if (Date.now() - entry.storedAt < CACHE_LIFETIME_MS) return entry;
  cache.delete(hash);
  return undefined;
}

/**
 * Detaches a pending read from its key: later callers start a new one, and its answer (possibly older than a
 * write that just happened) is never stored.
 */
function detach(hash: string): void {
  inFlight.delete(hash);
}

function start<T>(hash: string, key: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>): Request {
  const controller = new AbortController();
  const request: Request = {
    key,
    controller,
    followers: 0,
    promise: withRetry(() => fetcher(controller.signal), { signal: controller.signal }).then(
      (data) => {
        if (inFlight.get(hash) === request) {
          inFlight.delete(hash);
          cache.set(hash, { key, data, storedAt: Date.now() });
        }
        return data;
      },
      (error: unknown) => {
        if (inFlight.get(hash) === request) inFlight.delete(hash);
        throw error;
      },
    ),
  };
  // Followers each get the outcome; when all of them left (aborted), nobody is left to see the rejection.
  request.promise.catch(() => undefined);
  inFlight.set(hash, request);
  return request;
}

/** One caller's view of a shared request: its own abort only ends the request when no other caller waits. */
function follow<T>(hash: string, request: Request, signal: AbortSignal | undefined): Promise<T> {
  request.followers += 1;
  return new Promise<T>((resolve, reject) => {
    let left = false;
    const leave = () => {
      if (left) return false;
      left = true;
      signal?.removeEventListener('abort', onAbort);
      request.followers -= 1;
      return true;
    };
    const onAbort = () => {
      if (!leave()) return;
      if (request.followers === 0 && inFlight.get(hash) === request) {
        // Nobody wants it any more: stop fetching and retrying, and let the next caller start afresh.
        detach(hash);
        request.controller.abort();
      }
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.promise.then(
      (data) => {
        if (leave()) resolve(data as T);
      },
      (error: unknown) => {
        if (leave()) reject(error);
      },
    );
  });
}

interface QueryOptions {
  /** The caller's abort (e.g. the screen unmounted): it stops waiting; the read itself stops once nobody waits. */
  readonly signal?: AbortSignal;
}

/** Reads `key` through the cache, sharing a pending read of the same key and retrying transient failures. */
export function query<T>(key: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>, options: QueryOptions = {}): Promise<T> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError());
  const hash = hashKey(key);
  const entry = freshEntry(hash);
  if (entry) return Promise.resolve(entry.data as T);
  const request = inFlight.get(hash) ?? start(hash, key, fetcher);
  return follow<T>(hash, request, signal);
}

/** The cached answer for `key` if it is still fresh (for a screen's first render without a loading flash). */
export function peekQuery<T>(key: QueryKey): T | undefined {
  return freshEntry(hashKey(key))?.data as T | undefined;
}

/** Stores what a write answered as the fresh value of `key` (a pending, older read of it is not stored). */
export function setQueryData<T>(key: QueryKey, data: T): void {
  const hash = hashKey(key);
  detach(hash);
  cache.set(hash, { key, data, storedAt: Date.now() });
}

function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));
}

/** Forgets cached and pending reads whose key starts with `prefix` (all of them without one). */
export function invalidateQueries(prefix: QueryKey = []): void {
  for (const [hash, entry] of cache) if (startsWith(entry.key, prefix)) cache.delete(hash);
  for (const [hash, request] of inFlight) if (startsWith(request.key, prefix)) detach(hash);
}

/** Forgets everything (sign-out: nothing one visitor read may be served to the next). */
export function clearQueries(): void {
  invalidateQueries();
}

/**
 * The key of an API read: method and path, the input, and for signed-in routes the user, so one user's answer is
 * never served to another in the same browser. A signed-in route without a user is a bug, not a cache miss.
 */
export function apiReadKey(
  route: { readonly method: string; readonly path: string; readonly access: 'public' | 'user' },
  input: unknown,
  userId?: string,
): QueryKey {
  if (route.access === 'user' && !userId) throw new Error(`${route.method} ${route.path} is read per user: pass the user's id.`);
  return [route.method, route.path, input ?? null, route.access === 'user' ? userId : null];
}
