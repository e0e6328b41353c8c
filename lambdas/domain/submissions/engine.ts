/**
 * Accepting submissions and delivering them: store first, answer, then send, then retry until sent or failed.
 *
 *   visitor -> accept: store (leased for HANDOFF_LEASE_SECONDS) -> hand off -> 201
 *   hand-off -> delivery function: takes the lease from the stored version -> first attempt
 *   a failed attempt, or a hand-off that never ran -> the scheduled retry job, after the lease / backoff
 *   a delivery held until a due time (./due.ts, e.g. a lead's reminders) -> the scheduled retry job, once due
 *
 * Each kind of submission has a DeliveryPlan (its targets and how to send to each); the demo request, the
 * contact message and the idea register theirs in kinds/. The same attempt code serves the delivery function
 * (first attempt) and the scheduled retry job (later attempts: ./retry-job.ts). Whoever attempts first takes the lease with a
 * conditional version bump, so the two never send the same delivery twice.
 */
import {
  LEASE_SECONDS,
  afterAttempt,
  isDue,
  isLeadRecord,
  newSubmission,
  queueFields,
  type Deliveries,
  type Delivery,
  type LeadRecord,
  type StoredFile,
  type SubmissionKind,
  type SubmissionRecord,
} from './record';
import { withTimeout } from './attempt-timeout';
import type { Clock } from '../clock';
import type { LeadSummary } from './inbox-fields';
import type { ConfirmationLedger, DeliveryStore, FileStore, MailSender, SubmissionIntake, SubmissionStore, UploadClaims, WebhookSender } from './ports';
import type { MailField } from './support-mail';
import type { BookingMailPorts } from '../bookings/ports';
import type { VisitorMailCap, VisitorMailGuard } from './visitor-mail';

/** What a delivery sends with. */
export interface DeliveryPorts {
  readonly mail: MailSender;
  readonly webhooks: WebhookSender;
  readonly files: FileStore;
  /** Who got the day's confirmation mail at an address (the visitor's confirmation target). */
  readonly confirmations: ConfirmationLedger;
  /** What every mail to a visitor passes first: sandbox, suppressed addresses, the stage's caps (./visitor-mail.ts). */
  readonly visitorMail: VisitorMailGuard;
  /** The two support recipients. */
  readonly mailTo: readonly string[];
  readonly siteOrigin: string;
  /**
   * A booked demo's mails read the booking and make the visitor's booking links (lambdas/domain/bookings/mails.ts);
   * absent where nothing sends them (then a demo request's confirmation goes without its booking link).
   */
  readonly bookings?: BookingMailPorts;
}

/** What accepting a submission claims its uploads with. */
interface AcceptingPorts {
  readonly files: FileStore;
  /** Which form each upload was issued for, and which submission claimed it. */
  readonly uploadClaims: UploadClaims;
}

/** What a send reports besides success: the receiver's answer (webhooks), or why nothing had to be sent. */
export interface SendResult {
  readonly response?: string;
  readonly skipped?: string;
  /** Skipped because a cap on visitor mail was reached: logged as `visitor mail capped` (an alarm counts it). */
  readonly capped?: VisitorMailCap;
}

export interface DeliveryPlan<D = Record<string, unknown>> {
  readonly kind: SubmissionKind;
  /** The deliveries a new submission of this kind gets, e.g. ['mail'] or ['webhook:test', 'webhook:prod', 'mail']. */
  readonly targets: readonly string[];
  /** Deliveries a new submission gets held until a due time, by target (./due.ts), e.g. the lead's reminders. */
  due?(createdAt: Date, data: D): Readonly<Record<string, Date>>;
  /**
   * Sends one delivery; throws to report a failure (it will be retried), or answers `skipped` with the reason when
   * it is not needed (any more). `signal` aborts when the attempt ran out of time: the send must then give up its
   * network call, so an attempt recorded as failed did not send.
   */
  send(target: string, record: SubmissionRecord<D>, ports: DeliveryPorts, signal: AbortSignal): Promise<SendResult | void>;
  /** Every field of the submission as the visitor sent it, labelled (the staff console shows them). */
  fields(record: SubmissionRecord<D>): MailField[];
}

export interface Log {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export interface SubmissionDeps {
  readonly store: SubmissionStore;
  readonly ports: DeliveryPorts & AcceptingPorts;
  // Plans are generic in their data; the store hands records back untyped.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly plans: Partial<Record<SubmissionKind, DeliveryPlan<any>>>;
  readonly clock: Clock;
  readonly log: Log;
  /** A delivery attempt that takes longer than this is aborted and counts as failed (and is retried). */
  readonly attemptTimeoutMs?: number;
  /**
   * Hands a freshly stored submission to the delivery function (deployed: an asynchronous Lambda invoke) and
   * returns once it is handed off, not delivered. Only the accepting side uses it.
   */
  readonly handOff: (ref: HandOff) => Promise<unknown>;
  /** How many days a stored submission is kept (the stage's retention); absent: it does not expire. */
  readonly retentionDays?: number;
  /**
   * Keeps the overview's figures of a lead (lambdas/domain/overview/leads.ts) as it is after each saved attempt, so a
   * lead counts from its first delivery on and a figure lost to a failed write is made good by the next attempt.
   */
  readonly leadFigures?: (record: LeadRecord) => Promise<void>;
}

/**
 * What accepting a submission uses: the store, the uploads (to claim them) and the hand-off. No mail and no
 * webhooks: the accepting functions never send, so they are not granted to (shared/deployment/manifest.ts).
 */
export type AcceptingDeps = Omit<SubmissionDeps, 'ports' | 'attemptTimeoutMs' | 'store'> & { readonly store: SubmissionIntake; readonly ports: AcceptingPorts };

/** What delivering uses: everything a delivery sends with, no hand-off (it is the other end of it) and no claims. */
export type DeliveringDeps = Omit<SubmissionDeps, 'handOff' | 'ports' | 'store'> & { readonly store: DeliveryStore; readonly ports: DeliveryPorts };

/** A stored submission handed to the delivery function, and the version it was stored at. */
export interface HandOff {
  readonly id: string;
  readonly version: number;
}

/** How long one attempt may take unless the deps say otherwise. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 15_000;

export interface Accepted {
  readonly id: string;
  /** False when a submission with this id was already stored (a retried or double-clicked request). */
  readonly created: boolean;
}

/**
 * Stores a submission, then hands it off for delivery. The visitor's answer depends only on the store: it never
 * waits on SES or a webhook, and once stored, a failed hand-off or delivery is the retry job's business, never
 * the visitor's error. The record is stored leased (HANDOFF_LEASE_SECONDS): the delivery function takes it from
 * that version at once; if the hand-off is lost, the retry job takes it when the lease ends.
 */
export async function acceptSubmission<D>(
  // Accepting reads no ports: whoever only stores and hands off (the Stripe webhook's notices) need not wire them.
  deps: Pick<AcceptingDeps, 'store' | 'plans' | 'clock' | 'log' | 'handOff' | 'retentionDays'>,
  input: { id: string; kind: SubmissionKind; data: D; files: readonly StoredFile[]; fingerprint?: string; lead?: LeadSummary },
): Promise<Accepted> {
  const plan = deps.plans[input.kind];
  if (!plan) throw new Error(`No delivery plan for ${input.kind}`);
  const now = deps.clock.now();
  const due = plan.due?.(now, input.data);
  const record = newSubmission({
    ...input,
    targets: plan.targets,
    ...(due ? { due } : {}),
    now,
    ...(deps.retentionDays === undefined ? {} : { retentionDays: deps.retentionDays }),
  });
  const outcome = await deps.store.create(record as SubmissionRecord<unknown>);
  if (outcome === 'exists') {
    deps.log.info('submission already stored', { submissionId: input.id, kind: input.kind });
    return { id: input.id, created: false };
  }
  deps.log.info('submission stored', { submissionId: input.id, kind: input.kind });
  try {
    await deps.handOff({ id: record.id, version: record.version });
  } catch (error) {
    // Stored and queued: the retry job picks it up once the lease ends.
    deps.log.warn('hand-off for delivery failed; the retry job takes the submission after its lease', {
      submissionId: input.id,
      retryAt: record.retryAt,
      error: String(error),
    });
  }
  return { id: input.id, created: true };
}

/**
 * The delivery function: the first attempt of a handed-off submission. It takes the lease only from the version
 * the submission was stored at, so a duplicate or late invocation (Lambda delivers events at least once), or one
 * that arrives after the retry job took over, does nothing.
 */
export async function deliverHandedOff(deps: DeliveringDeps, ref: HandOff): Promise<'attempted' | 'skipped'> {
  const leased = await takeLease(deps, ref.id, ref.version);
  if (!leased) {
    deps.log.info('handed-off submission already taken', { submissionId: ref.id, version: ref.version });
    return 'skipped';
  }
  await attemptDeliveries(deps, leased);
  return 'attempted';
}

/** Moves `retryAt` past one attempt, if nobody wrote the record since `version`; answers the leased record. */
export function takeLease(deps: DeliveringDeps, id: string, version: number): Promise<SubmissionRecord<unknown> | undefined> {
  const leaseUntil = new Date(deps.clock.now().getTime() + LEASE_SECONDS * 1000).toISOString();
  return deps.store.lease(id, version, leaseUntil);
}

/**
 * Attempts every due delivery of a record this worker holds the lease on (a fresh record is stored leased),
 * then writes the outcomes. Answers the record as stored afterwards.
 */
export async function attemptDeliveries(
  deps: DeliveringDeps,
  record: SubmissionRecord<unknown>,
): Promise<SubmissionRecord<unknown>> {
  const plan = deps.plans[record.kind];
  if (!plan) throw new Error(`No delivery plan for ${record.kind}`);
  const now = deps.clock.now();
  const due = Object.entries(record.deliveries).filter(([, d]) => isDue(d, now));
  const results = await Promise.all(
    due.map(async ([target, delivery]): Promise<[string, Delivery]> => {
      try {
        const result = await withTimeout((signal) => plan.send(target, record, deps.ports, signal), deps.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS);
        // The CloudWatch metric filter and alarm match this exact message (infra/constructs/deliveries.ts).
        if (result?.capped) deps.log.warn('visitor mail capped', { submissionId: record.id, kind: record.kind, delivery: target, cap: result.capped });
        return [target, afterAttempt(delivery, { ok: true, ...(result?.response === undefined ? {} : { response: result.response }), ...(result?.skipped === undefined ? {} : { skipped: result.skipped }) }, deps.clock.now())];
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const next = afterAttempt(delivery, { ok: false, error: message }, deps.clock.now());
        const data = {
          submissionId: record.id,
          kind: record.kind,
          delivery: target,
          attempts: next.attempts,
          error: message,
          final: next.state === 'failed',
        };
        // The CloudWatch metric filter and alarm match this exact message with final = true.
        if (next.state === 'failed') deps.log.error('delivery failed', data);
        else deps.log.warn('delivery attempt failed', { ...data, nextAttemptAt: next.nextAttemptAt });
        return [target, next];
      }
    }),
  );
  const deliveries: Deliveries = { ...record.deliveries, ...Object.fromEntries(results) };
  const saved = await deps.store.update(record, record.version, { deliveries, ...queueFields(deliveries) });
  if (!saved) {
    deps.log.warn('delivery outcome not saved: the submission changed meanwhile', { submissionId: record.id });
    return record;
  }
  for (const [target, d] of results) {
    if (d.state === 'sent') deps.log.info('delivery sent', { submissionId: record.id, kind: record.kind, delivery: target, attempts: d.attempts });
  }
  if (deps.leadFigures && isLeadRecord(saved)) {
    // The figures never hold a delivery back: a failed write is redone by the lead's next attempt or change.
    await deps.leadFigures(saved).catch((error: unknown) => deps.log.warn('overview figures not updated', { submissionId: record.id, error: String(error) }));
  }
  return saved;
}
