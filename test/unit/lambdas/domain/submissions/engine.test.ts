/**
 * The delivery engine on in-memory ports: acceptance stores once and hands off; the delivery function takes a
 * submission only from the version it was stored at (so a duplicate, late or retried invocation never sends twice,
 * nor after the retry job took over); a lost hand-off waits out its lease for the retry job; the retry job resends
 * only what failed, backs off, and marks a delivery failed after the last try; a send that runs out of time is
 * aborted, not left to complete after it was recorded as failed; the retry job stops taking records when one more
 * attempt would not fit in its remaining time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANDOFF_LEASE_SECONDS, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, newSubmission, type SubmissionRecord } from '../../../../../lambdas/domain/submissions/record';
import { acceptSubmission, deliverHandedOff, type DeliveryPlan, type SubmissionDeps } from '../../../../../lambdas/domain/submissions/engine';
import { retryDueDeliveries } from '../../../../../lambdas/domain/submissions/retry-job';
import { memorySubmissionDeps } from '../../../../helpers/memory-submission-store';

afterEach(() => {
  vi.useRealTimers();
});

interface Setup {
  /** What the one plan delivers: an idea to both webhooks, or (default) a contact message by mail. */
  readonly plan?: Pick<DeliveryPlan, 'kind' | 'targets'>;
  /** Targets whose sends fail. */
  readonly failing?: ReadonlySet<string>;
  /** The send itself, instead of recording into `sent`. */
  readonly send?: DeliveryPlan['send'];
  readonly attemptTimeoutMs?: number;
  readonly handOff?: 'inline' | 'recorded';
}

const ideaToWebhooks = { kind: 'idea', targets: ['webhook:test', 'webhook:prod'] } as const;

/** One delivery plan on the in-memory ports; by default its hand-offs are recorded, not run. */
function setup(opts: Setup = {}) {
  const sent: string[] = [];
  const { kind, targets } = opts.plan ?? { kind: 'contactMessage', targets: ['mail'] };
  const plan: DeliveryPlan = {
    kind,
    targets,
    fields: () => [],
    send:
      opts.send ??
      (async (target, record) => {
        if (opts.failing?.has(target)) throw new Error(`${target} is down`);
        sent.push(`${record.id}:${target}`);
      }),
  };
  const memory = memorySubmissionDeps({
    plans: { [kind]: plan },
    handOff: opts.handOff ?? 'recorded',
    ...(opts.attemptTimeoutMs === undefined ? {} : { attemptTimeoutMs: opts.attemptTimeoutMs }),
  });
  return { ...memory, sent };
}

const accept = (deps: SubmissionDeps, id: string) => acceptSubmission(deps, { id, kind: 'contactMessage', data: {}, files: [] });

describe('accepting and retrying submissions', () => {
  it('stores once for a repeated id and delivers each target once', async () => {
    const { deps, sent, store } = setup({ plan: ideaToWebhooks, handOff: 'inline' });
    expect(await acceptSubmission(deps, { id: 's1', kind: 'idea', data: { title: 'x' }, files: [] })).toEqual({ id: 's1', created: true });
    expect(await acceptSubmission(deps, { id: 's1', kind: 'idea', data: { title: 'x' }, files: [] })).toEqual({ id: 's1', created: false });
    expect(sent).toEqual(['s1:webhook:test', 's1:webhook:prod']);
    expect(store.items.get('s1')?.retryQueue).toBeUndefined();
  });

  it('retries only the failed target, exactly once after it recovers', async () => {
    const failing = new Set(['webhook:prod']);
    const { deps, sent, store, advance } = setup({ plan: ideaToWebhooks, handOff: 'inline', failing });
    await acceptSubmission(deps, { id: 's2', kind: 'idea', data: {}, files: [] });
    expect(sent).toEqual(['s2:webhook:test']);
    expect(store.items.get('s2')?.deliveries['webhook:prod']).toMatchObject({ state: 'pending', attempts: 1 });

    // Not due yet: nothing happens.
    expect((await retryDueDeliveries(deps)).attempted).toBe(0);
    failing.clear();
    advance(RETRY_DELAYS_SECONDS[0]);
    const summary = await retryDueDeliveries(deps);
    expect(summary).toMatchObject({ sent: 1, failed: 0, pending: 0 });
    advance(3600);
    await retryDueDeliveries(deps);
    expect(sent).toEqual(['s2:webhook:test', 's2:webhook:prod']);
    expect(store.items.get('s2')?.retryQueue).toBeUndefined();
  });

  it('marks a delivery failed after the last try and logs it for the alarm', async () => {
    const { deps, store, logs, advance } = setup({ plan: ideaToWebhooks, handOff: 'inline', failing: new Set(['webhook:prod']) });
    await acceptSubmission(deps, { id: 's3', kind: 'idea', data: {}, files: [] });
    for (const delay of RETRY_DELAYS_SECONDS) {
      advance(delay);
      await retryDueDeliveries(deps);
    }
    const record = store.items.get('s3')!;
    expect(record.deliveries['webhook:prod']).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(record.deliveries['webhook:test']).toMatchObject({ state: 'sent' });
    expect(record.retryQueue).toBeUndefined();
    expect(logs.filter((l) => l.level === 'error' && l.message === 'delivery failed')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ submissionId: 's3', delivery: 'webhook:prod', final: true }) }),
    ]);
  });

  it('does not let the retry job touch a submission whose first attempt still holds the lease', async () => {
    const { deps, store, sent } = setup({ plan: ideaToWebhooks, handOff: 'inline' });
    const record = newSubmission({ id: 's4', kind: 'idea', data: {}, files: [], targets: ['webhook:test'], now: deps.clock.now() });
    await store.create(record as SubmissionRecord<unknown>);
    expect((await retryDueDeliveries(deps)).examined).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe('the hand-off', () => {
  it('answers once stored and handed off, before anything is sent', async () => {
    const { deps, sent, handedOff, store } = setup();
    expect(await accept(deps, 'a')).toEqual({ id: 'a', created: true });
    expect(handedOff).toEqual([{ id: 'a', version: 1 }]);
    expect(sent).toEqual([]);
    expect(store.items.get('a')).toMatchObject({ retryQueue: 'pending', deliveries: { mail: { state: 'pending', attempts: 0 } } });
  });

  it('sends once for a duplicate invocation of the same hand-off', async () => {
    const { deps, sent, handedOff } = setup();
    await accept(deps, 'b');
    const [ref] = handedOff;
    expect(await deliverHandedOff(deps, ref!)).toBe('attempted');
    expect(await deliverHandedOff(deps, ref!)).toBe('skipped');
    expect(sent).toEqual(['b:mail']);
  });

  it('does nothing when it arrives after the retry job took the submission', async () => {
    const { deps, sent, handedOff, advance } = setup();
    await accept(deps, 'c');
    advance(HANDOFF_LEASE_SECONDS + 1);
    expect(await retryDueDeliveries(deps)).toMatchObject({ sent: 1 });
    expect(await deliverHandedOff(deps, handedOff[0]!)).toBe('skipped');
    expect(sent).toEqual(['c:mail']);
  });

  it('leaves a submission whose hand-off failed to the retry job once its lease ends', async () => {
    const { deps, sent, logs, advance, store } = setup();
    const failing: SubmissionDeps = { ...deps, handOff: () => Promise.reject(new Error('Lambda unreachable')) };
    expect(await accept(failing, 'd')).toEqual({ id: 'd', created: true });
    expect(logs.some((l) => l.level === 'warn' && l.message.startsWith('hand-off for delivery failed'))).toBe(true);
    expect((await retryDueDeliveries(deps)).examined).toBe(0); // the lease still holds
    advance(HANDOFF_LEASE_SECONDS);
    expect(await retryDueDeliveries(deps)).toMatchObject({ examined: 1, sent: 1 });
    expect(sent).toEqual(['d:mail']);
    expect(store.items.get('d')?.retryQueue).toBeUndefined();
  });
});

describe('an attempt that runs out of time', () => {
  it('aborts the send, so a send recorded as failed does not complete afterwards', async () => {
    vi.useFakeTimers();
    const completed: string[] = [];
    let seen: AbortSignal | undefined;
    const { deps, handedOff, store } = setup({
      attemptTimeoutMs: 15_000,
      // A slow SES call that honours its abort signal (as the SDK's send does with `abortSignal`).
      send: (target, record, _ports, signal) =>
        new Promise<void>((resolve, reject) => {
          seen = signal;
          const timer = setTimeout(() => {
            completed.push(`${record.id}:${target}`);
            resolve();
          }, 60_000);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason as Error);
          });
        }),
    });
    await accept(deps, 'e');
    const delivering = deliverHandedOff(deps, handedOff[0]!);
    await vi.advanceTimersByTimeAsync(15_000);
    await delivering;
    expect(seen?.aborted).toBe(true);
    expect(store.items.get('e')?.deliveries.mail).toMatchObject({ state: 'pending', attempts: 1, lastError: 'timed out after 15000 ms' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(completed).toEqual([]);
  });

  it('records a send that finishes in time as sent, with its signal never aborted', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const { deps, handedOff, store } = setup({
      attemptTimeoutMs: 15_000,
      send: (_t, _r, _p, signal) => {
        seen = signal;
        return new Promise((resolve) => setTimeout(resolve, 14_000));
      },
    });
    await accept(deps, 'f');
    const delivering = deliverHandedOff(deps, handedOff[0]!);
    await vi.advanceTimersByTimeAsync(14_000);
    await delivering;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen?.aborted).toBe(false);
    expect(store.items.get('f')?.deliveries.mail).toMatchObject({ state: 'sent', attempts: 1 });
  });
});

describe('the retry job', () => {
  it('stops taking records when less than one attempt plus a margin is left, and leaves the rest due', async () => {
    const { deps, store, sent, advance } = setup({ attemptTimeoutMs: 15_000 });
    for (const id of ['g1', 'g2', 'g3']) await accept(deps, id);
    advance(HANDOFF_LEASE_SECONDS + 1);
    // 25 s left before the first record, 18 s before the second: one attempt (15 s) plus the margin no longer fits.
    const remaining = [25_000, 18_000, 10_000];
    const summary = await retryDueDeliveries(deps, { remainingMs: () => remaining.shift() ?? 0 });
    expect(summary).toMatchObject({ examined: 3, attempted: 1, sent: 1, outOfTime: true });
    expect(sent).toHaveLength(1);
    const untouched = [...store.items.values()].filter((r: SubmissionRecord<unknown>) => r.version === 1);
    expect(untouched).toHaveLength(2);
    // The next run takes them.
    expect(await retryDueDeliveries(deps)).toMatchObject({ sent: 2, outOfTime: false });
    expect(sent).toHaveLength(3);
  });

  it('keeps backing off a submission whose sends keep timing out', async () => {
    vi.useFakeTimers();
    const { deps, handedOff, store, advance } = setup({
      attemptTimeoutMs: 1_000,
      send: (_t, _r, _p, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
    });
    await accept(deps, 'h');
    const first = deliverHandedOff(deps, handedOff[0]!);
    await vi.advanceTimersByTimeAsync(1_000);
    await first;
    advance(RETRY_DELAYS_SECONDS[0]);
    const retry = retryDueDeliveries(deps);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await retry).toMatchObject({ attempted: 1, pending: 1 });
    expect(store.items.get('h')?.deliveries.mail).toMatchObject({ state: 'pending', attempts: 2 });
  });
});
