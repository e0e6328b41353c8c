/**
 * One submission, whole, as staff open it (every field as the visitor sent it, the files with short-lived
 * links, the delivery log per target, the audit trail), and working it: a new status, an internal note, each
 * recorded in the audit trail with who and when.
 */
import { deliveryTargetLabels, deliveryTargets, type DeliveryTarget, type DeliveryView, type HistoryEntry, type SubmissionView } from '@shared/contract/staff-console';
import type { SubmissionUpdate } from '@shared/contract/schemas/staff-console';
import { DomainError } from '../errors';
import { kindStatusOf } from '../submissions/inbox-fields';
import { canSendAgain, noSubmissionMessage } from '../submissions/redeliver';
import { isLeadRecord, type Delivery, type LeadRecord, type SubmissionRecord } from '../submissions/record';
import { DOWNLOAD_LINK_SECONDS, staffName, type LeadDeps } from './deps';

/** Entries an audit trail keeps at most (a note is up to 2,000 characters; an item holds 400 KB). */
export const HISTORY_MAX = 150;

/** Submissions stored before the staff console have no listing fields; they cannot be worked here. */
function isListed(record: SubmissionRecord<unknown> | undefined, now: Date): record is LeadRecord {
  if (!record?.summary || !isLeadRecord(record)) return false;
  return record.expiresAt === undefined || record.expiresAt > Math.floor(now.getTime() / 1000);
}

function deliveryView(record: SubmissionRecord<unknown>, target: DeliveryTarget, d: Delivery, now: Date, mailTo: readonly string[]): DeliveryView {
  const toStaff = target === 'mail' || target === 'reminder:20h' || target === 'reminder:24h';
  const recipients = toStaff ? mailTo : target === 'confirmation' && record.summary ? [record.summary.email] : undefined;
  return {
    target,
    label: deliveryTargetLabels[target],
    ...(recipients && recipients.length > 0 ? { recipients } : {}),
    state: d.state,
    attempts: d.attempts,
    round: d.round ?? 0,
    sentAgain: d.sentAgain ?? 0,
    canSendAgain: canSendAgain(record, target, d, now),
    ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt } : {}),
    ...(d.state === 'pending' && d.nextAttemptAt ? { nextAttemptAt: d.nextAttemptAt } : {}),
    ...(d.dueAt ? { dueAt: d.dueAt } : {}),
    ...(d.lastError ? { lastError: d.lastError } : {}),
    ...(d.sentAt ? { sentAt: d.sentAt } : {}),
    ...(d.failedAt ? { failedAt: d.failedAt } : {}),
    ...(d.reason ? { reason: d.reason } : {}),
    ...(d.response !== undefined ? { response: d.response } : {}),
  };
}

export async function submissionView(deps: Omit<LeadDeps, 'store'>, record: SubmissionRecord<unknown>): Promise<SubmissionView> {
  if (!isLeadRecord(record)) throw new DomainError('not-found', noSubmissionMessage);
  const now = deps.clock.now();
  const plan = deps.plans[record.kind];
  const files = await Promise.all(
    record.files.map(async (f) => ({ name: f.name, type: f.type, size: f.size, url: await deps.files.downloadLink(f.key, DOWNLOAD_LINK_SECONDS, f.name, f.type) })),
  );
  // In the log's fixed order (support mail, confirmation, test webhook, prod webhook).
  const deliveries = deliveryTargets.flatMap((t) => {
    const d = record.deliveries[t];
    return d ? [deliveryView(record, t, d, now, deps.mailTo)] : [];
  });
  return {
    id: record.id,
    reference: record.reference ?? '',
    kind: record.kind,
    receivedAt: record.createdAt,
    status: record.status ?? 'new',
    fields: (plan?.fields(record) ?? []).map(([label, value]) => ({ label, value })),
    files,
    deliveries,
    history: record.history ?? [],
    ...(record.expiresAt !== undefined ? { expiresAt: new Date(record.expiresAt * 1000).toISOString() } : {}),
  };
}

/** The submission, or not-found (also for one that has expired but TTL has not deleted yet). */
export async function openSubmission(deps: LeadDeps, id: string): Promise<SubmissionView> {
  const record = await deps.store.get(id);
  if (!isListed(record, deps.clock.now())) throw new DomainError('not-found', noSubmissionMessage);
  return submissionView(deps, record);
}

/**
 * A new status, a note, a reply recorded, each an audit entry. Unchanged status with no note and no reply is refused
 * (nothing to record); the status write never touches the deliveries, so it cannot disturb one in flight.
 */
export async function updateSubmission(deps: LeadDeps, input: SubmissionUpdate, actorSub: string): Promise<SubmissionView> {
  const now = deps.clock.now();
  const record = await deps.store.get(input.id);
  if (!isListed(record, now)) throw new DomainError('not-found', noSubmissionMessage);
  if ((record.history?.length ?? 0) >= HISTORY_MAX) {
    throw new DomainError('conflicting', `This submission's audit trail is full (${HISTORY_MAX} entries).`);
  }
  const note = input.note === undefined || input.note === '' ? undefined : input.note;
  const from = record.status ?? 'new';
  const changesStatus = input.status !== undefined && input.status !== from;
  if (!changesStatus && !note && !input.replied) {
    throw new DomainError('invalid', 'The status is already that. Choose another status or write a note.', { field: 'status' });
  }
  const by = await staffName(deps.accounts, actorSub);
  const at = now.toISOString();
  let after: SubmissionRecord<unknown> | undefined = record;
  // The note goes with the reply when there is one (what was answered), else with the status change.
  const noteOf = (goesHere: boolean) => (note && goesHere ? { note } : {});
  if (changesStatus && input.status !== undefined) {
    const entry: HistoryEntry = { at, by, action: 'status', from, to: input.status, ...noteOf(!input.replied) };
    after = await deps.store.setStatus(record.id, input.status, kindStatusOf(record.kind, input.status), entry);
  }
  if (after && input.replied) after = await deps.store.appendHistory(record.id, { at, by, action: 'reply', ...noteOf(true) });
  else if (after && !changesStatus && note) after = await deps.store.appendHistory(record.id, { at, by, action: 'note', note });
  if (!after) throw new DomainError('not-found', noSubmissionMessage);
  if (isLeadRecord(after)) await deps.leadFigures?.(after);
  return submissionView(deps, after);
}
