/**
 * Accepting submissions and delivering them: store first, then send, then retry until sent or failed.
 *
 * Each kind of submission has a DeliveryPlan (its targets and how to send to each); the demo request, the
 * contact message and the idea register theirs in delivery-plans.ts. The same code path serves the request
 * that stores a submission (first attempt) and the scheduled retry job (later attempts).
 */
import {
  LEASE_SECONDS,
  afterAttempt,
  describeDeliveries,
  isDue,
  newSubmission,
  queueFields,
  type Deliveries,
  type Delivery,
  type StoredFile,
  type SubmissionKind,
  type SubmissionRecord,
} from './record';
import type { Clock } from '../clock';
import type { FileStore, MailSender, SubmissionStore, WebhookSender } from './ports';

interface DeliveryPorts {
  readonly mail: MailSender;
  readonly webhooks: WebhookSender;
  readonly files: FileStore;
  /** The two support recipients. */
  readonly mailTo: readonly string[];
  readonly siteOrigin: string;
}

export interface DeliveryPlan<D = Record<string, unknown>> {
  readonly kind: SubmissionKind;
  /** The deliveries a new submission of this kind gets, e.g. ['mail'] or ['webhook:test', 'webhook:prod', 'mail']. */
  readonly targets: readonly string[];
  /** Sends one delivery; throws to report a failure (it will be retried). */
  send(target: string, record: SubmissionRecord<D>, ports: DeliveryPorts): Promise<void>;
}

export interface Log {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export interface SubmissionDeps {
  readonly store: SubmissionStore;
  readonly ports: DeliveryPorts;
  // Plans are generic in their data; the store hands records back untyped.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly plans: Partial<Record<SubmissionKind, DeliveryPlan<any>>>;
  readonly clock: Clock;
  readonly log: Log;
  /** A delivery attempt that takes longer than this counts as failed (and is retried). */
  readonly attemptTimeoutMs?: number;
}

export interface Accepted {
  readonly id: string;
  /** False when a submission with this id was already stored (a retried or double-clicked request). */
  readonly created: boolean;
}

/**
 * Stores a submission, then attempts its deliveries. The visitor's answer depends only on the store:
 * once stored, a failed delivery is the retry job's business, never the visitor's error.
 */
export async function acceptSubmission<D>(
  deps: SubmissionDeps,
  input: { id: string; kind: SubmissionKind; data: D; files: readonly StoredFile[]; fingerprint?: string },
): Promise<Accepted> {
  const plan = deps.plans[input.kind];
  if (!plan) throw new Error(`No delivery plan for ${input.kind}`);
  const record = newSubmission({ ...input, targets: plan.targets, now: deps.clock.now() });
  const outcome = await deps.store.create(record as SubmissionRecord<unknown>);
  if (outcome === 'exists') {
    deps.log.info('submission already stored', { submissionId: input.id, kind: input.kind });
    return { id: input.id, created: false };
  }
  deps.log.info('submission stored', { submissionId: input.id, kind: input.kind });
  try {
    await attemptDeliveries(deps, record as SubmissionRecord<unknown>);
  } catch (error) {
    // Stored and queued: the retry job picks it up once the lease ends.
    deps.log.warn('first delivery attempt did not complete', { submissionId: input.id, error: String(error) });
  }
  return { id: input.id, created: true };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Attempts every due delivery of a record this worker holds the lease on (a fresh record is stored leased),
 * then writes the outcomes. Answers the record as stored afterwards.
 */
async function attemptDeliveries(
  deps: SubmissionDeps,
  record: SubmissionRecord<unknown>,
): Promise<SubmissionRecord<unknown>> {
  const plan = deps.plans[record.kind];
  if (!plan) throw new Error(`No delivery plan for ${record.kind}`);
  const now = deps.clock.now();
  const due = Object.entries(record.deliveries).filter(([, d]) => isDue(d, now));
  const results = await Promise.all(
    due.map(async ([target, delivery]): Promise<[string, Delivery]> => {
      try {
        await withTimeout(plan.send(target, record, deps.ports), deps.attemptTimeoutMs ?? 15_000);
        return [target, afterAttempt(delivery, { ok: true }, deps.clock.now())];
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
  return saved;
}

export interface RetrySummary {
  readonly examined: number;
  readonly attempted: number;
  readonly sent: number;
  readonly failed: number;
  readonly pending: number;
}

/** The scheduled job: takes a lease on each due submission, then attempts its due deliveries. */
export async function retryDueDeliveries(deps: SubmissionDeps, limit = 25): Promise<RetrySummary> {
  const now = deps.clock.now();
  const due = await deps.store.listDue(now, limit);
  let attempted = 0;
  let sent = 0;
  let failed = 0;
  let pending = 0;
  for (const record of due) {
    const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
    const leased = await deps.store.update(record, record.version, {
      deliveries: record.deliveries,
      retryQueue: 'pending',
      retryAt: leaseUntil,
    });
    if (!leased) continue; // another worker took it
    const before = Object.values(leased.deliveries).filter((d) => isDue(d, now)).length;
    attempted += before;
    const after = await attemptDeliveries(deps, leased);
    for (const [target, d] of Object.entries(after.deliveries)) {
      const was = leased.deliveries[target];
      if (!was || was.state !== 'pending') continue;
      if (d.state === 'sent') sent += 1;
      else if (d.state === 'failed') failed += 1;
      else pending += 1;
    }
    deps.log.info('retried submission', { submissionId: record.id, deliveries: describeDeliveries(after.deliveries) });
  }
  return { examined: due.length, attempted, sent, failed, pending };
}
