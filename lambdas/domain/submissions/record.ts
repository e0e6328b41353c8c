/**
 * Submissions and their deliveries: the "nothing is lost" rules, with no AWS in them.
 *
 * A submission (demo request, contact message, idea) is stored first, with one delivery per target
 * (the notification mail, each automation webhook). Each delivery is attempted at once and, while it keeps
 * failing, again on a backoff schedule until it is sent or marked failed after the last try. Targets are
 * independent: a webhook that is down does not hold back the mail, and a retry never re-sends what went out.
 *
 * A delivery can also be held until a due time (`dueAt`, ./due.ts): it is pending from the start but not attempted
 * before then, and from then on it is attempted, retried and logged like any other.
 *
 * The record carries `retryQueue`/`retryAt` only while some delivery is pending, so the store's
 * `pendingDeliveries` index lists exactly the submissions the retry job has to look at. Whoever attempts
 * deliveries first takes a lease (moves `retryAt` past the attempt, bumping `version` conditionally), so the
 * delivery function's first attempt and the scheduled job never send the same delivery twice.
 */

import type { DeliveryState, HistoryEntry, LeadStatus, OverallDeliveryState, SubmissionKind as LeadKind } from '@shared/contract/staff-console';
import { inboxFields, type LeadSummary } from './inbox-fields';

/**
 * The leads' kinds (the forms: what the staff inbox lists) and `saleNotice`, the support staff's notice of a sale,
 * cancellation or failed renewal (not a form and not a lead: stored without a lead summary, so never in the inbox;
 * kinds/sale-notice.ts), and `demoBooking`, the mails of one change of a booked demo (invitation, update or
 * cancellation, and its reminders; lambdas/domain/bookings/mails.ts), not a lead either.
 */
export type SubmissionKind = LeadKind | 'saleNotice' | 'demoBooking';

/** A lead's kind (a form's submission, what staff work in the inbox), as opposed to a sale notice. */
export function isLeadKind(kind: SubmissionKind): kind is LeadKind {
  return kind !== 'saleNotice' && kind !== 'demoBooking';
}

/** A stored lead (see isLeadKind). */
export type LeadRecord = SubmissionRecord<unknown> & { readonly kind: LeadKind };

export function isLeadRecord(record: SubmissionRecord<unknown>): record is LeadRecord {
  return isLeadKind(record.kind);
}

export interface Delivery {
  readonly state: DeliveryState;
  readonly attempts: number;
  /** When the next attempt is due (pending only). */
  readonly nextAttemptAt?: string;
  /**
   * A delivery held until a due time (./due.ts): never attempted before it, then like any other. Kept after the
   * attempt, so the log says when it was due.
   */
  readonly dueAt?: string;
  /** When the last attempt ended (the delivery log's time). */
  readonly lastAttemptAt?: string;
  readonly lastError?: string;
  readonly sentAt?: string;
  readonly failedAt?: string;
  /** Why the delivery was not needed (state `skipped`), e.g. a confirmation already sent to the address today. */
  readonly reason?: string;
  /** The receiver's answer to the successful call (webhooks), as text, cut to RESPONSE_MAX_CHARS. */
  readonly response?: string;
  /**
   * How many times staff sent it again after it was delivered (0 or absent: never). A new round is a new
   * delivery to the receiver, so webhook calls carry a new idempotency key.
   */
  readonly round?: number;
  /**
   * How many times staff pressed Send again and the press was taken (failed deliveries included, unlike `round`).
   * A press names the count its staff member saw: one made before another's was taken is stale and refused
   * (./redeliver.ts), so two staff pressing at once send once.
   */
  readonly sentAgain?: number;
}

/** How much of a webhook's answer the delivery log keeps. */
export const RESPONSE_MAX_CHARS = 2000;

/** Deliveries by target name, e.g. `mail`, `webhook:test`, `webhook:prod`. */
export type Deliveries = Readonly<Record<string, Delivery>>;

/** A file a submission refers to, after it was checked and copied out of the expiring upload area. */
export interface StoredFile {
  readonly key: string;
  readonly name: string;
  readonly type: string;
  readonly size: number;
  /**
   * The upload it was copied from (`incoming/...`), which the bucket deletes after `orphanedUploadDays`; a
   * person's erasure deletes it at once. Absent on records stored before it was kept.
   */
  readonly uploadKey?: string;
}

export interface SubmissionRecord<D = Record<string, unknown>> {
  readonly id: string;
  readonly kind: SubmissionKind;
  readonly createdAt: string;
  readonly data: D;
  readonly files: readonly StoredFile[];
  /**
   * SHA-256 of the validated request it was accepted from (accept.ts `submissionFingerprint`): a later request
   * under the same id is a repeat only when its fingerprint matches. Absent on records stored before it existed.
   */
  readonly fingerprint?: string;
  readonly deliveries: Deliveries;
  /** Optimistic-locking counter: every write of the deliveries expects the version it read. */
  readonly version: number;
  readonly retryQueue?: 'pending';
  readonly retryAt?: string;
  /**
   * Until when a worker (the delivery function, the retry job, a staff member's "Send again") holds the record to
   * attempt its deliveries. Nobody else starts an attempt before then: a worker's outcome write expects the
   * version it leased, so a second worker would make the first one's outcome unsaved and its sends repeat.
   */
  readonly leasedUntil?: string;
  // What staff work with (absent on records stored before the staff console): shared/contract/staff-console.ts.
  readonly status?: LeadStatus;
  /** The name, e-mail and company (or title) the inbox lists. */
  readonly summary?: { readonly name: string; readonly email: string; readonly organisation: string };
  /** The short reference quoted to the visitor (`yymmdd-XXXXXX`). */
  readonly reference?: string;
  /** All deliveries taken together (kept up to date with every outcome). */
  readonly deliveryState?: OverallDeliveryState;
  /** Epoch seconds when DynamoDB's TTL deletes the record (the stage's `retention.submissionDays`). */
  readonly expiresAt?: number;
  /** The audit trail: who changed what when, kept with the submission. */
  readonly history?: readonly HistoryEntry[];
  /**
   * Sale notices only: when a person's erasure removed the buyer's e-mail from it (lambdas/domain/leads/person.ts).
   * The row stays, so that a replayed Stripe event finds the notice stored and sends nothing.
   */
  readonly erasedAt?: string;
  // Index keys (shared/deployment/manifest.ts `tables.submissions.indexes`), derived by ./inbox-fields.ts.
  readonly inbox?: string;
  readonly receivedKey?: string;
  readonly kindStatus?: string;
  readonly emailKey?: string;
  readonly searchText?: string;
}

/**
 * Seconds to wait before retry n (after the first attempt failed): 1 min, 5 min, 15 min, 1 h, 4 h, 12 h.
 * Seven attempts over about 17 hours; then the delivery is marked failed, logged and alarmed.
 */
export const RETRY_DELAYS_SECONDS = [60, 300, 900, 3600, 4 * 3600, 12 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** How long an attempt may hold a submission before another worker may try it again. */
export const LEASE_SECONDS = 120;

/**
 * How long a freshly stored submission waits for its delivery function before the retry job may take it: the
 * delivery function normally starts within a second; if the hand-off was lost, the job delivers after this.
 */
export const HANDOFF_LEASE_SECONDS = 60;

const iso = (d: Date) => d.toISOString();
const plusSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

export function newSubmission<D>(input: {
  id: string;
  kind: SubmissionKind;
  data: D;
  files: readonly StoredFile[];
  fingerprint?: string;
  targets: readonly string[];
  now: Date;
  /** Deliveries held until a due time (./due.ts), by target, besides the `targets` attempted at once. */
  due?: Readonly<Record<string, Date>>;
  /** The visitor's name, address, company or title and text, for the staff inbox (absent: not listed). */
  lead?: LeadSummary;
  /** How long the stage keeps submissions (absent: no expiry). */
  retentionDays?: number;
}): SubmissionRecord<D> {
  const deliveries: Record<string, Delivery> = {};
  for (const t of input.targets) deliveries[t] = { state: 'pending', attempts: 0, nextAttemptAt: iso(input.now) };
  for (const [t, at] of Object.entries(input.due ?? {})) deliveries[t] = dueDelivery(at);
  const leasedUntil = plusSeconds(input.now, HANDOFF_LEASE_SECONDS);
  const createdAt = iso(input.now);
  return {
    id: input.id,
    kind: input.kind,
    createdAt,
    data: input.data,
    files: input.files,
    ...(input.fingerprint === undefined ? {} : { fingerprint: input.fingerprint }),
    deliveries,
    version: 1,
    // Stored already leased: the delivery function it is handed to attempts the deliveries right away.
    ...queueFields(deliveries, leasedUntil),
    leasedUntil: iso(leasedUntil),
    ...(input.lead && isLeadKind(input.kind) ? { ...inboxFields({ id: input.id, kind: input.kind, createdAt, status: 'new', lead: input.lead }), deliveryState: 'pending', history: [] } : {}),
    ...(input.retentionDays === undefined ? {} : { expiresAt: Math.floor(input.now.getTime() / 1000) + Math.round(input.retentionDays * 86_400) }),
  };
}

export type AttemptOutcome =
  | { readonly ok: true; readonly response?: string; readonly skipped?: string }
  | { readonly ok: false; readonly error: string };

/** The delivery after one attempt: sent (or skipped), pending with the next backoff step, or failed after the last try. */
export function afterAttempt(delivery: Delivery, outcome: AttemptOutcome, now: Date): Delivery {
  const attempts = delivery.attempts + 1;
  const kept = {
    attempts,
    lastAttemptAt: iso(now),
    ...(delivery.round ? { round: delivery.round } : {}),
    ...(delivery.sentAgain ? { sentAgain: delivery.sentAgain } : {}),
    ...(delivery.dueAt ? { dueAt: delivery.dueAt } : {}),
  };
  if (outcome.ok && outcome.skipped !== undefined) return { state: 'skipped', ...kept, reason: outcome.skipped };
  if (outcome.ok) {
    return { state: 'sent', ...kept, sentAt: iso(now), ...(outcome.response === undefined ? {} : { response: outcome.response.slice(0, RESPONSE_MAX_CHARS) }) };
  }
  const error = outcome.error.slice(0, 500);
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  if (delay === undefined) return { state: 'failed', ...kept, lastError: error, failedAt: iso(now) };
  return { state: 'pending', ...kept, lastError: error, nextAttemptAt: iso(plusSeconds(now, delay)) };
}

/** A delivery held until its due time and not attempted yet (./due.ts). */
export function dueDelivery(at: Date, round = 0): Delivery {
  return { state: 'pending', attempts: 0, dueAt: iso(at), nextAttemptAt: iso(at), ...(round > 0 ? { round } : {}) };
}

/** Whether a delivery still waits for its due time: held, never attempted. */
export function isWaiting(delivery: Delivery): boolean {
  return delivery.state === 'pending' && delivery.attempts === 0 && delivery.dueAt !== undefined;
}

/**
 * All deliveries together, as the inbox shows them: failed if any failed, else pending if any is, else sent. A
 * delivery waiting for its due time does not count (a lead is not "pending" for the day its reminders wait).
 */
export function overallDeliveryState(deliveries: Deliveries): OverallDeliveryState {
  const states = Object.values(deliveries)
    .filter((d) => !isWaiting(d))
    .map((d) => d.state);
  if (states.includes('failed')) return 'failed';
  if (states.includes('pending')) return 'pending';
  return 'sent';
}

export function isDue(delivery: Delivery, now: Date): boolean {
  return delivery.state === 'pending' && (delivery.nextAttemptAt ?? '') <= iso(now);
}

/** `retryQueue`/`retryAt` for a set of deliveries: the earliest pending attempt, or nothing when none is pending. */
export function queueFields(deliveries: Deliveries, notBefore?: Date): { retryQueue?: 'pending'; retryAt?: string } {
  const pending = Object.values(deliveries)
    .filter((d) => d.state === 'pending')
    .map((d) => d.nextAttemptAt ?? '')
    .sort();
  const earliest = pending[0];
  if (earliest === undefined) return {};
  const at = notBefore && iso(notBefore) > earliest ? iso(notBefore) : earliest;
  return { retryQueue: 'pending', retryAt: at };
}

/** A short human summary for logs and the operator: `mail sent, webhook:prod pending (2 attempts)`. */
export function describeDeliveries(deliveries: Deliveries): string {
  return Object.entries(deliveries)
    .map(([t, d]) => `${t} ${d.state}${d.state === 'sent' ? '' : ` (${d.attempts} attempts)`}`)
    .join(', ');
}
