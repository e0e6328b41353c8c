/**
 * Staff sending one delivery of a stored submission again ("Send again"), or sending a submission to an
 * automation webhook it was not delivered to ("Send to webhook", the spec's webhook helper): through the same
 * engine as the first delivery, under its lease.
 *
 * The delivery is made due again and the lease taken in one conditional write on the record's version, then the
 * engine attempts it and writes the outcome. So a double click or two staff at once send once: the second
 * request either finds the version moved (its write fails) or the record leased (refused), and the retry job
 * cannot take the record while it is leased. And a press names how many presses its staff member had seen taken
 * (`sentAgain`): one handled just after another's round finished (the lease gone, the delivery sent) is stale, and
 * refused, instead of starting a round of its own. A delivery that was delivered starts a new round: a webhook call
 * then carries a new idempotency key, since it is meant to arrive again; a failed one keeps its round and key, so
 * a receiver that did get an earlier attempt can drop the repeat.
 */
import { deliveryTargetLabels, type DeliveryTarget } from '@shared/contract/staff-console';
import { DomainError } from '../errors';
import { isWatchTarget } from './answer-watch';
import { attemptDeliveries, type DeliveringDeps } from './engine';
import { isLeadRecord, LEASE_SECONDS, type Delivery, type SubmissionRecord } from './record';

export const deliveryBusyMessage = 'This delivery is being sent right now. Wait a moment, then refresh.';
export const changedMeanwhileMessage = 'Someone else changed this submission at the same moment. Refresh and try again.';
export const noSubmissionMessage = 'This submission does not exist (any more).';

const isWebhookTarget = (target: string): boolean => target === 'webhook:test' || target === 'webhook:prod';

/** Whether a worker (delivery function, retry job, another "Send again") holds the record now. */
export function isLeased(record: SubmissionRecord<unknown>, now: Date): boolean {
  return record.leasedUntil !== undefined && record.leasedUntil > now.toISOString();
}

/**
 * Whether staff may send this delivery again now: not while a worker holds the record, not a first attempt that is
 * about to run, and never one of the 24-hour watch's reminders (the watch's own, held for their time; once a lead
 * is open in front of staff there is nothing to remind them of); a delivered, failed or skipped one, or one waiting
 * for its next retry, yes.
 */
export function canSendAgain(record: SubmissionRecord<unknown>, target: string, delivery: Delivery | undefined, now: Date): boolean {
  if (isLeased(record, now) || isWatchTarget(target)) return false;
  if (!delivery) return false;
  return delivery.state !== 'pending' || delivery.attempts > 0;
}

/**
 * The delivery made due again: a new round after a delivery (or a skipped one), the same round otherwise; one more
 * press taken either way.
 */
function dueAgain(current: Delivery | undefined, now: string): Delivery {
  const sentAgain = (current?.sentAgain ?? 0) + 1;
  if (!current) return { state: 'pending', attempts: 0, nextAttemptAt: now, sentAgain };
  if (current.state === 'pending') return { ...current, nextAttemptAt: now, sentAgain };
  const round = (current.round ?? 0) + (current.state === 'failed' ? 0 : 1);
  return { state: 'pending', attempts: 0, nextAttemptAt: now, ...(round > 0 ? { round } : {}), sentAgain };
}

/**
 * Sends `target` of submission `id` again now (or for the first time, for a webhook it never went to); answers
 * the record after the attempt. Refuses (DomainError) when the submission or delivery does not exist, the
 * delivery is being sent, someone else wrote the record first, or (`seen`: the presses the staff member saw taken)
 * another press was taken since the screen showed it.
 */
export async function sendAgain(deps: DeliveringDeps, id: string, target: DeliveryTarget, seen?: number): Promise<SubmissionRecord<unknown>> {
  const now = deps.clock.now();
  const record = await deps.store.get(id);
  // Only a lead's deliveries: a sale notice (same table, no inbox entry) is not the staff console's to send.
  if (!record || !isLeadRecord(record) || !deps.plans[record.kind]) throw new DomainError('not-found', noSubmissionMessage);
  const current = record.deliveries[target];
  if (!current && !isWebhookTarget(target)) {
    throw new DomainError('not-found', `This submission has no delivery "${deliveryTargetLabels[target]}".`, { field: 'target' });
  }
  if (isWatchTarget(target)) throw new DomainError('invalid', 'The 24-hour reminders go by themselves; they cannot be sent again.', { field: 'target' });
  if (isLeased(record, now) || (current && !canSendAgain(record, target, current, now))) throw new DomainError('conflicting', deliveryBusyMessage);
  if (seen !== undefined && (current?.sentAgain ?? 0) !== seen) throw new DomainError('conflicting', changedMeanwhileMessage);
  const deliveries = { ...record.deliveries, [target]: dueAgain(current, now.toISOString()) };
  const until = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  const leased = await deps.store.reopen(record, record.version, deliveries, until);
  if (!leased) throw new DomainError('conflicting', changedMeanwhileMessage);
  deps.log.info('delivery sent again by staff', { submissionId: id, delivery: target });
  return attemptDeliveries(deps, leased);
}
