/**
 * Deliveries held until a due time (lambdas/domain/submissions/due.ts), as another feature would use them on a
 * stored submission: never attempted before the time, then once; moved to a new time (the old time sends nothing);
 * cancelled with a reason the log shows; skipped by the send's own check at the due time; refused while a worker
 * holds the record.
 */
import { describe, expect, it } from 'vitest';
import { acceptSubmission, deliverHandedOff, type DeliveryPlan } from '../../../../../lambdas/domain/submissions/engine';
import { retryDueDeliveries } from '../../../../../lambdas/domain/submissions/retry-job';
import { cancelDelivery, scheduleDelivery } from '../../../../../lambdas/domain/submissions/due';
import { memorySubmissionDeps } from '../../../../helpers/memory-submission-store';

const HOUR = 3600;

/** A kind with one immediate mail and a `followUp` that the test schedules; the follow-up skips when `wanted` is false. */
function setup() {
  const sent: string[] = [];
  let wanted = true;
  const plan: DeliveryPlan = {
    kind: 'contactMessage',
    targets: ['mail'],
    fields: () => [],
    async send(target, record) {
      if (target === 'followUp' && !wanted) return { skipped: 'The meeting was cancelled.' };
      sent.push(`${record.id}:${target}`);
    },
  };
  const memory = memorySubmissionDeps({ plans: { contactMessage: plan }, handOff: 'recorded' });
  const start = async (id: string) => {
    await acceptSubmission(memory.deps, { id, kind: 'contactMessage', data: {}, files: [] });
    await deliverHandedOff(memory.deps, memory.handedOff.at(-1)!);
  };
  const later = (hours: number) => new Date(memory.deps.clock.now().getTime() + hours * HOUR * 1000);
  return { ...memory, sent, start, later, unwanted: () => (wanted = false) };
}

describe('a delivery held until a due time', () => {
  it('is not attempted before its time, then once, and the log keeps when it was due', async () => {
    const t = setup();
    await t.start('s1');
    const at = t.later(24);
    expect(await scheduleDelivery(t.deps, 's1', 'followUp', at)).toBe('done');
    expect(await scheduleDelivery(t.deps, 's1', 'followUp', at)).toBe('unchanged');
    expect(t.store.items.get('s1')).toMatchObject({ retryQueue: 'pending', retryAt: at.toISOString(), deliveryState: 'sent' });
    t.advance(24 * HOUR - 1);
    await retryDueDeliveries(t.deps);
    expect(t.sent).toEqual(['s1:mail']);
    t.advance(1);
    await Promise.all([retryDueDeliveries(t.deps), retryDueDeliveries(t.deps), retryDueDeliveries(t.deps)]);
    t.advance(HOUR);
    await retryDueDeliveries(t.deps);
    expect(t.sent).toEqual(['s1:mail', 's1:followUp']);
    expect(t.store.items.get('s1')?.deliveries.followUp).toMatchObject({ state: 'sent', attempts: 1, dueAt: at.toISOString() });
    expect(t.store.items.get('s1')?.retryQueue).toBeUndefined();
  });

  it('moved to a new time, goes at the new time only; scheduled again after it went, it goes again as a new round', async () => {
    const t = setup();
    await t.start('s2');
    await scheduleDelivery(t.deps, 's2', 'followUp', t.later(2));
    expect(await scheduleDelivery(t.deps, 's2', 'followUp', t.later(5))).toBe('done');
    t.advance(3 * HOUR);
    await retryDueDeliveries(t.deps);
    expect(t.sent).toEqual(['s2:mail']);
    t.advance(2 * HOUR);
    await retryDueDeliveries(t.deps);
    expect(t.sent).toEqual(['s2:mail', 's2:followUp']);
    await scheduleDelivery(t.deps, 's2', 'followUp', t.later(1));
    expect(t.store.items.get('s2')?.deliveries.followUp).toMatchObject({ state: 'pending', attempts: 0, round: 1 });
    t.advance(HOUR);
    await retryDueDeliveries(t.deps);
    expect(t.sent).toEqual(['s2:mail', 's2:followUp', 's2:followUp']);
  });

  it('cancelled, is skipped with the reason and never sent; not wanted at its time, the send skips it', async () => {
    const t = setup();
    await t.start('s3');
    await t.start('s4');
    await scheduleDelivery(t.deps, 's3', 'followUp', t.later(1));
    await scheduleDelivery(t.deps, 's4', 'followUp', t.later(1));
    expect(await cancelDelivery(t.deps, 's3', 'followUp', 'The visitor cancelled the meeting.')).toBe('done');
    expect(await cancelDelivery(t.deps, 's3', 'followUp', 'again')).toBe('unchanged');
    t.unwanted();
    t.advance(2 * HOUR);
    await retryDueDeliveries(t.deps);
    expect(t.sent).toEqual(['s3:mail', 's4:mail']);
    expect(t.store.items.get('s3')?.deliveries.followUp).toMatchObject({ state: 'skipped', attempts: 0, reason: 'The visitor cancelled the meeting.' });
    expect(t.store.items.get('s4')?.deliveries.followUp).toMatchObject({ state: 'skipped', attempts: 1, reason: 'The meeting was cancelled.' });
    expect(t.store.items.get('s3')?.retryQueue).toBeUndefined();
  });

  it('refuses to change a record a worker holds, and a record that does not exist', async () => {
    const t = setup();
    await acceptSubmission(t.deps, { id: 's5', kind: 'contactMessage', data: {}, files: [] });
    // Stored leased for its delivery function.
    expect(await scheduleDelivery(t.deps, 's5', 'followUp', t.later(1))).toBe('busy');
    expect(await cancelDelivery(t.deps, 's5', 'mail', 'no')).toBe('busy');
    expect(await scheduleDelivery(t.deps, 'nobody', 'followUp', t.later(1))).toBe('missing');
  });
});
