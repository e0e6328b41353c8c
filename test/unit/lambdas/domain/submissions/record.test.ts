/** A submission's delivery states: the back-off schedule, the final failure, and the retry index fields. */
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, afterAttempt, newSubmission, queueFields } from '../../../../../lambdas/domain/submissions/record';

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
