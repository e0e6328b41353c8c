/**
 * The data-fetching defaults of the app's reads (spec section 9: "3 retries, exponential delay capped at 30
 * seconds, 5-minute cache lifetime"), driven with fake timers so no test waits real seconds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/deployment/manifest';
import { ApiError } from '../../../web/src/lib/api';
import {
  apiReadKey,
  CACHE_LIFETIME_MS,
  clearQueries,
  hashKey,
  invalidateQueries,
  isRetryable,
  peekQuery,
  query,
  retryDelay,
  RETRIES,
  setQueryData,
  withRetry,
} from '../../../web/src/lib/query';
import { settle } from '../../helpers/settle';

const failing = (status: number, message = `status ${status}`) => new ApiError(status, message);

/** A fetcher that answers from a script of outcomes and records when (fake ms since the test began) it was called. */
function scripted<T>(outcomes: Array<T | Error>) {
  const began = Date.now();
  const calls: number[] = [];
  const signals: AbortSignal[] = [];
  const fetcher = vi.fn<(signal?: AbortSignal) => Promise<T>>(async (signal?: AbortSignal) => {
    calls.push(Date.now() - began);
    if (signal) signals.push(signal);
    const next = outcomes[Math.min(calls.length - 1, outcomes.length - 1)];
    if (next instanceof Error) throw next;
    return next as T;
  });
  return { fetcher, calls, signals };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
  clearQueries();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retry policy', () => {
  it('waits 1 s, 2 s, 4 s, ... doubling, and never more than 30 s', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelay(5)).toBe(30_000);
    expect(retryDelay(12)).toBe(30_000);
    expect(RETRIES).toBe(3);
    expect(CACHE_LIFETIME_MS).toBe(300_000);
  });

  it('retries only what may pass: no answer, timeouts, throttling and server failures', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(isRetryable(failing(status)), `status ${status}`).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422]) expect(isRetryable(failing(status)), `status ${status}`).toBe(false);
    expect(isRetryable(new Error('The prompt service answered without a prompt.'))).toBe(false);
    expect(isRetryable(new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('tries 1 + 3 times, 1 s, 2 s and 4 s apart, then throws the last failure', async () => {
    const { fetcher, calls } = scripted<string>([failing(503, 'first'), failing(502, 'second'), failing(504, 'third'), failing(0, 'last')]);
    const outcome = settle(withRetry(fetcher));
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1000]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toEqual([0, 1000, 3000]);
    await vi.advanceTimersByTimeAsync(3999);
    expect(outcome.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1000, 3000, 7000]);
    expect(outcome.status).toBe('rejected');
    expect(outcome.error).toMatchObject({ name: 'ApiError', status: 0, message: 'last' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetcher).toHaveBeenCalledTimes(4);
  });

  it('caps later waits at 30 s', async () => {
    const { fetcher, calls } = scripted<string>([failing(503)]);
    const outcome = settle(withRetry(fetcher, { retries: 7 }));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const waits = calls.slice(1).map((at, i) => at - (calls[i] ?? 0));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(outcome.status).toBe('rejected');
  });

  it('succeeds after two failures', async () => {
    const { fetcher, calls } = scripted<string>([failing(502), failing(0), 'the prompt']);
    const outcome = settle(withRetry(fetcher));
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual([0, 1000, 3000]);
    expect(outcome).toMatchObject({ status: 'resolved', value: 'the prompt' });
  });

  it.each([400, 401, 403, 404])('fails at once on %i', async (status) => {
    const { fetcher } = scripted<string>([failing(status), 'never']);
    const outcome = settle(withRetry(fetcher));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.status).toBe('rejected');
    expect(outcome.error).toMatchObject({ status });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('an abort during the wait stops waiting and retrying', async () => {
    const { fetcher } = scripted<string>([failing(503)]);
    const controller = new AbortController();
    const outcome = settle(withRetry(fetcher, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.status).toBe('rejected');
    expect(outcome.error).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

describe('cache', () => {
  const key = ['GET', '/api/things', null, null];

  it('answers from memory for 5 minutes, then reads again', async () => {
    const { fetcher } = scripted<string>(['first', 'second']);
    await expect(query(key, fetcher)).resolves.toBe('first');
    await vi.advanceTimersByTimeAsync(CACHE_LIFETIME_MS - 1);
    await expect(query(key, fetcher)).resolves.toBe('first');
    expect(peekQuery(key)).toBe('first');
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(peekQuery(key)).toBeUndefined();
    await expect(query(key, fetcher)).resolves.toBe('second');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('retries through query() and caches the eventual answer; failures are not cached', async () => {
    const { fetcher } = scripted<string>([failing(502), 'recovered']);
    const outcome = settle(query(key, fetcher));
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome).toMatchObject({ status: 'resolved', value: 'recovered' });

    const broken = scripted<string>([failing(404), 'found']);
    const other = ['GET', '/api/other', null, null];
    await expect(query(other, broken.fetcher)).rejects.toMatchObject({ status: 404 });
    await expect(query(other, broken.fetcher)).resolves.toBe('found');
    expect(broken.fetcher).toHaveBeenCalledTimes(2);
  });

  it('keys include the input (property order does not matter) and, for signed-in reads, the user', async () => {
    expect(hashKey(apiReadKey(routes.getPrompt, { appId: 'a', fieldId: 'b' }))).toBe(hashKey(apiReadKey(routes.getPrompt, { fieldId: 'b', appId: 'a' })));
    expect(hashKey(apiReadKey(routes.getPrompt, { appId: 'a' }))).not.toBe(hashKey(apiReadKey(routes.getPrompt, { appId: 'b' })));
    expect(() => apiReadKey(routes.getProfile, undefined)).toThrow(/per user/);

    const ann = apiReadKey(routes.getProfile, undefined, 'sub-ann');
    const bob = apiReadKey(routes.getProfile, undefined, 'sub-bob');
    const read = vi.fn<(signal: AbortSignal, who: string) => Promise<{ username: string }>>(async (_signal, who) => ({ username: who }));
    await expect(query(ann, (s) => read(s, 'ann'))).resolves.toEqual({ username: 'ann' });
    await expect(query(bob, (s) => read(s, 'bob'))).resolves.toEqual({ username: 'bob' });
    await expect(query(ann, (s) => read(s, 'ann again'))).resolves.toEqual({ username: 'ann' });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('callers of the same key while it is being read share one request', async () => {
    let answer!: (value: string) => void;
    const fetcher = vi.fn<() => Promise<string>>(() => new Promise<string>((resolve) => (answer = resolve)));
    const first = query(key, fetcher);
    const second = query(key, fetcher);
    answer('shared');
    await expect(Promise.all([first, second])).resolves.toEqual(['shared', 'shared']);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('a write updates or drops cached reads; a read pending during the write is not stored', async () => {
    const ann = apiReadKey(routes.getProfile, undefined, 'sub-ann');
    const bob = apiReadKey(routes.getProfile, undefined, 'sub-bob');
    await query(ann, async () => ({ username: 'Ann' }));
    await query(bob, async () => ({ username: 'Bob' }));

    setQueryData(ann, { username: 'Ann Renamed' });
    const unused = vi.fn<() => Promise<{ username: string }>>(async () => ({ username: 'stale' }));
    await expect(query(ann, unused)).resolves.toEqual({ username: 'Ann Renamed' });
    expect(unused).not.toHaveBeenCalled();

    // An old read still on its way when the write answers must not overwrite the write's answer.
    let late!: (value: { username: string }) => void;
    invalidateQueries(ann);
    const pending = query(ann, () => new Promise<{ username: string }>((resolve) => (late = resolve)));
    setQueryData(ann, { username: 'Ann Final' });
    late({ username: 'Ann Old' });
    await expect(pending).resolves.toEqual({ username: 'Ann Old' });
    expect(peekQuery(ann)).toEqual({ username: 'Ann Final' });

    invalidateQueries(['GET', '/api/profile']);
    expect(peekQuery(ann)).toBeUndefined();
    expect(peekQuery(bob)).toBeUndefined();

    await query(key, async () => 'kept until sign-out');
    clearQueries();
    expect(peekQuery(key)).toBeUndefined();
  });

  it('an abort only ends the shared read once nobody waits for it; the next caller starts afresh', async () => {
    const { fetcher, signals } = scripted<string>([failing(503), failing(503), 'late answer']);
    const screenA = new AbortController();
    const screenB = new AbortController();
    const a = settle(query(key, fetcher, { signal: screenA.signal }));
    const b = settle(query(key, fetcher, { signal: screenB.signal }));
    await vi.advanceTimersByTimeAsync(0);
    screenA.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(a.error).toMatchObject({ name: 'AbortError' });
    expect(b.status).toBe('pending');
    expect(signals[0]?.aborted).toBe(false);

    screenB.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.error).toMatchObject({ name: 'AbortError' });
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetcher).toHaveBeenCalledTimes(1);

    await expect(query(key, async () => 'fresh')).resolves.toBe('fresh');
    await expect(query(key, fetcher, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a screen that aborts and at once asks again (React re-running an effect) gets a new read, not the aborted one', async () => {
    const first = new AbortController();
    const aborted = settle(query(key, () => new Promise<string>(() => undefined), { signal: first.signal }));
    first.abort();
    const again = query(key, async () => 'answered');
    await expect(again).resolves.toBe('answered');
    expect(aborted.error).toMatchObject({ name: 'AbortError' });
  });
});
