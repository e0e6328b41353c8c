/**
 * Submissions and their deliveries: the "nothing is lost" rules, with no AWS in them.
 *
 * A submission (demo request, contact message, idea) is stored first, with one delivery per target
 * (the notification mail, each automation webhook). Each delivery is attempted at once and, while it keeps
 * failing, again on a backoff schedule until it is sent or marked failed after the last try. Targets are
 * independent: a webhook that is down does not hold back the mail, and a retry never re-sends what went out.
 *
 * The record carries `retryQueue`/`retryAt` only while some delivery is pending, so the store's
 * `pendingDeliveries` index lists exactly the submissions the retry job has to look at. Whoever attempts
 * deliveries first takes a lease (moves `retryAt` past the attempt, bumping `version` conditionally), so the
 * delivery function's first attempt and the scheduled job never send the same delivery twice.
 */

/** `saleNotice`: the support staff's notice of a sale, cancellation or failed renewal (not a form; kinds/sale-notice.ts). */
export type SubmissionKind = 'demoRequest' | 'contactMessage' | 'idea' | 'saleNotice';

type DeliveryState = 'pending' | 'sent' | 'failed';

export interface Delivery {
  readonly state: DeliveryState;
  readonly attempts: number;
  /** When the next attempt is due (pending only). */
  readonly nextAttemptAt?: string;
  readonly lastError?: string;
  readonly sentAt?: string;
  readonly failedAt?: string;
}

/** Deliveries by target name, e.g. `mail`, `webhook:test`, `webhook:prod`. */
export type Deliveries = Readonly<Record<string, Delivery>>;

/** A file a submission refers to, after it was checked and copied out of the expiring upload area. */
export interface StoredFile {
  readonly key: string;
  readonly name: string;
  readonly type: string;
  readonly size: number;
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
}): SubmissionRecord<D> {
  const deliveries: Record<string, Delivery> = {};
  for (const t of input.targets) deliveries[t] = { state: 'pending', attempts: 0, nextAttemptAt: iso(input.now) };
  return {
    id: input.id,
    kind: input.kind,
    createdAt: iso(input.now),
    data: input.data,
    files: input.files,
    ...(input.fingerprint === undefined ? {} : { fingerprint: input.fingerprint }),
    deliveries,
    version: 1,
    // Stored already leased: the delivery function it is handed to attempts the deliveries right away.
    ...queueFields(deliveries, plusSeconds(input.now, HANDOFF_LEASE_SECONDS)),
  };
}

type AttemptOutcome = { readonly ok: true } | { readonly ok: false; readonly error: string };

/** The delivery after one attempt: sent, pending with the next backoff step, or failed after the last try. */
export function afterAttempt(delivery: Delivery, outcome: AttemptOutcome, now: Date): Delivery {
  const attempts = delivery.attempts + 1;
  if (outcome.ok) return { state: 'sent', attempts, sentAt: iso(now) };
  const error = outcome.error.slice(0, 500);
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  if (delay === undefined) return { state: 'failed', attempts, lastError: error, failedAt: iso(now) };
  return { state: 'pending', attempts, lastError: error, nextAttemptAt: iso(plusSeconds(now, delay)) };
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
