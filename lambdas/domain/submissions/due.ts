/**
 * Deliveries held until a due time: a reminder, a follow-up, anything that must go out later and exactly once.
 *
 * A due delivery is an ordinary delivery of a stored submission (one entry of its `deliveries`, keyed by target)
 * that is pending from the moment it is added, with `dueAt` = `nextAttemptAt` = its due time. So it is stored
 * first, queued on the `pendingDeliveries` index at its due time, and nothing attempts it before then. From its due
 * time the scheduled retry job takes it like any other delivery: under the engine's lease (one worker per record,
 * so one send however many runs overlap), retried with backoff when it fails, marked failed after the last try,
 * and shown in the submission's delivery log ("Due at ..." until it is attempted). While it waits it does not make
 * the submission's overall delivery state "pending".
 *
 * Adding one:
 * - with a new submission: the kind's DeliveryPlan answers `due(createdAt, data)` with `{ [target]: Date }` (the
 *   lead watch: ./answer-watch.ts); acceptSubmission stores them with the record;
 * - on a stored submission (e.g. a meeting's reminders once it is booked): `scheduleDelivery(deps, id, target, at)`.
 * Either way the plan's `send` must know the target: it is what the engine calls at the due time.
 *
 * Not wanted any more:
 * - decided at the due time (the check that counts): `send` looks at what it depends on and answers
 *   `{ skipped: 'why' }` instead of sending. The record it gets was read as the lease was taken, so it is current;
 *   the delivery is then logged "Not needed" with that reason (the lead watch skips an answered or spam lead);
 * - known earlier: `cancelDelivery(deps, id, target, reason)` marks it skipped at once, with the reason;
 * - moved (superseded): `scheduleDelivery` again with the new time replaces the waiting one; one that was already
 *   sent or skipped comes back as a new round (a webhook then gets a new idempotency key).
 * Both refuse with 'busy' while a worker holds the record (an attempt in flight, at most LEASE_SECONDS): call again
 * later, and keep the send's own check, which also covers a change that lands while the reminder is going out.
 */
import { isLeased } from './redeliver';
import { dueDelivery, queueFields, type Delivery } from './record';
import type { DeliveringDeps } from './engine';

type DueDeps = Pick<DeliveringDeps, 'store' | 'clock' | 'log'>;

/** What a change of a due delivery did: written, nothing to change, a worker holds the record, or no such record. */
export type DueChange = 'done' | 'unchanged' | 'busy' | 'missing';

/** Conditional writes on the record's version; a write that lost to another writer reads again (a few times). */
const ATTEMPTS = 3;

async function changeDelivery(deps: DueDeps, id: string, target: string, next: (current: Delivery | undefined) => Delivery | undefined): Promise<DueChange> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const record = await deps.store.get(id);
    if (!record) return 'missing';
    if (isLeased(record, deps.clock.now())) return 'busy';
    const changed = next(record.deliveries[target]);
    if (!changed) return 'unchanged';
    const deliveries = { ...record.deliveries, [target]: changed };
    if (await deps.store.update(record, record.version, { deliveries, ...queueFields(deliveries) })) return 'done';
  }
  return 'busy';
}

/**
 * Holds `target` of submission `id` until `at`: adds it, or moves the one waiting (or still being retried) to the
 * new time; a delivered or skipped one starts a new round. 'unchanged' when it already waits for exactly `at`.
 */
export async function scheduleDelivery(deps: DueDeps, id: string, target: string, at: Date): Promise<DueChange> {
  const outcome = await changeDelivery(deps, id, target, (current) => {
    if (!current) return dueDelivery(at);
    if (current.state === 'pending') return current.dueAt === at.toISOString() && current.attempts === 0 ? undefined : dueDelivery(at, current.round);
    return dueDelivery(at, (current.round ?? 0) + (current.state === 'failed' ? 0 : 1));
  });
  if (outcome === 'done') deps.log.info('delivery scheduled', { submissionId: id, delivery: target, dueAt: at.toISOString() });
  return outcome;
}

/** Marks a pending `target` of submission `id` skipped now, with `reason` (the log shows it); 'unchanged' when it is not pending. */
export async function cancelDelivery(deps: DueDeps, id: string, target: string, reason: string): Promise<DueChange> {
  const outcome = await changeDelivery(deps, id, target, (current) => {
    if (current?.state !== 'pending') return undefined;
    const { nextAttemptAt: _next, lastError: _error, ...kept } = current;
    return { ...kept, state: 'skipped', reason };
  });
  if (outcome === 'done') deps.log.info('delivery cancelled', { submissionId: id, delivery: target, reason });
  return outcome;
}
