import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, afterAttempt, newSubmission, queueFields, type SubmissionRecord } from '../../../lambdas/domain/submissions/record';
import { acceptSubmission, deliverHandedOff, retryDueDeliveries, type DeliveryPlan, type SubmissionDeps } from '../../../lambdas/domain/submissions/engine';
import { memorySubmissionStore, recordingLog } from '../../helpers/memory-submission-store';

function setup(failing: Set<string>) {
  let now = new Date('2026-11-22T10:00:00.000Z');
  const sent: string[] = [];
  const log = recordingLog();
  const plan: DeliveryPlan = {
    kind: 'idea',
    targets: ['webhook:test', 'webhook:prod'],
    fields: () => [],
    async send(target, record) {
      if (failing.has(target)) throw new Error(`${target} is down`);
      sent.push(`${record.id}:${target}`);
    },
  };
  const store = memorySubmissionStore();
  const deps: SubmissionDeps = {
    store,
    ports: {} as SubmissionDeps['ports'],
    plans: { idea: plan },
    clock: { now: () => now },
    log,
    // The delivery function, run inline: acceptance hands off and the first attempt is done when it returns.
    handOff: (ref) => deliverHandedOff(deps, ref),
  };
  return { deps, store, sent, logs: log.lines, advance: (s: number) => (now = new Date(now.getTime() + s * 1000)) };
}

describe('delivery state', () => {
  it('backs off through the schedule and fails after the last attempt', () => {
    let d = newSubmission({ id: 'a', kind: 'idea', data: {}, files: [], targets: ['mail'], now: new Date(0) }).deliveries.mail!;
    const t0 = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < RETRY_DELAYS_SECONDS.length; i++) {
      d = afterAttempt(d, { ok: false, error: 'down' }, t0);
      expect(d.state).toBe('pending');
      expect(new Date(d.nextAttemptAt!).getTime() - t0.getTime()).toBe(RETRY_DELAYS_SECONDS[i]! * 1000);
    }
    d = afterAttempt(d, { ok: false, error: 'down' }, t0);
    expect(d).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'down' });
  });

  it('leaves the retry index once nothing is pending', () => {
    expect(queueFields({ mail: { state: 'sent', attempts: 1 } })).toEqual({});
    expect(queueFields({ mail: { state: 'pending', attempts: 1, nextAttemptAt: 'b' }, x: { state: 'pending', attempts: 1, nextAttemptAt: 'a' } })).toEqual({ retryQueue: 'pending', retryAt: 'a' });
  });
});

describe('accepting and retrying submissions', () => {
  it('stores once for a repeated id and delivers each target once', async () => {
    const { deps, sent, store } = setup(new Set());
    expect(await acceptSubmission(deps, { id: 's1', kind: 'idea', data: { title: 'x' }, files: [] })).toEqual({ id: 's1', created: true });
    expect(await acceptSubmission(deps, { id: 's1', kind: 'idea', data: { title: 'x' }, files: [] })).toEqual({ id: 's1', created: false });
    expect(sent).toEqual(['s1:webhook:test', 's1:webhook:prod']);
    expect(store.items.get('s1')?.retryQueue).toBeUndefined();
  });

  it('retries only the failed target, exactly once after it recovers', async () => {
    const failing = new Set(['webhook:prod']);
    const { deps, sent, store, advance } = setup(failing);
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
    const { deps, store, logs, advance } = setup(new Set(['webhook:prod']));
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
    const { deps, store, sent } = setup(new Set());
    const record = newSubmission({ id: 's4', kind: 'idea', data: {}, files: [], targets: ['webhook:test'], now: deps.clock.now() });
    await store.create(record as SubmissionRecord<unknown>);
    expect((await retryDueDeliveries(deps)).examined).toBe(0);
    expect(sent).toEqual([]);
  });
});
