/**
 * Stand-ins for the submission pipeline's ports in unit tests: an in-memory store with the same conditional
 * semantics as the DynamoDB module (create once, version-checked update, the due index), uploaded files by
 * key, a log that records what was logged, and `memorySubmissionDeps`, the domain wired to all of them (what
 * lambdas/composition/submissions.ts does with the real adapters).
 */
import { overallDeliveryState, type SubmissionRecord } from '../../lambdas/domain/submissions/record';
import type { ConfirmationLedger, FileStore, MailMessage, SubmissionStore, UploadClaim, UploadClaims, WebhookType } from '../../lambdas/domain/submissions/ports';
import { deliverHandedOff, type HandOff, type Log, type SubmissionDeps } from '../../lambdas/domain/submissions/engine';
import { deliveryPlans } from '../../lambdas/domain/submissions/kinds';
import type { VisitorMailCaps, VisitorMailGuard } from '../../lambdas/domain/submissions/visitor-mail';

export type MemorySubmissionStore = SubmissionStore & { items: Map<string, SubmissionRecord<unknown>> };

export function memorySubmissionStore(): MemorySubmissionStore {
  const items = new Map<string, SubmissionRecord<unknown>>();
  return {
    items,
    async create(record) {
      if (items.has(record.id)) return 'exists';
      items.set(record.id, structuredClone(record));
      return 'created';
    },
    async get(id) {
      return items.get(id);
    },
    async update(record, expectedVersion, changes) {
      const current = items.get(record.id);
      if (!current || current.version !== expectedVersion) return undefined;
      const { retryQueue: _q, retryAt: _a, leasedUntil: _l, ...rest } = current;
      const next = { ...rest, deliveries: changes.deliveries, deliveryState: overallDeliveryState(changes.deliveries), version: expectedVersion + 1, ...(changes.retryQueue ? { retryQueue: changes.retryQueue, retryAt: changes.retryAt } : {}) };
      items.set(record.id, structuredClone(next));
      return next;
    },
    async lease(id, expectedVersion, until) {
      const current = items.get(id);
      if (!current || current.version !== expectedVersion) return undefined;
      const next = { ...current, version: expectedVersion + 1, retryQueue: 'pending' as const, retryAt: until, leasedUntil: until };
      items.set(id, structuredClone(next));
      return next;
    },
    async reopen(record, expectedVersion, deliveries, until) {
      const current = items.get(record.id);
      if (!current || current.version !== expectedVersion) return undefined;
      const next = { ...current, deliveries, deliveryState: overallDeliveryState(deliveries), version: expectedVersion + 1, retryQueue: 'pending' as const, retryAt: until, leasedUntil: until };
      items.set(record.id, structuredClone(next));
      return next;
    },
    async listDue(now, limit) {
      return [...items.values()].filter((r) => r.retryQueue === 'pending' && (r.retryAt ?? '') <= now.toISOString()).slice(0, limit);
    },
  };
}

/** Uploaded objects by key; `unreadable` keys exist (and pass the checks) but fail to read later. */
export type MemoryFileStore = FileStore & { objects: Map<string, Uint8Array> };

export function memoryFileStore(objects: Record<string, Uint8Array>, unreadable = new Set<string>()): MemoryFileStore {
  const map = new Map(Object.entries(objects));
  return {
    objects: map,
    async inspect(key) {
      const bytes = map.get(key);
      return bytes ? { size: bytes.byteLength, contentType: '', head: bytes.subarray(0, 512) } : undefined;
    },
    async copy(from, to) {
      map.set(to, map.get(from)!);
      if (unreadable.has(from)) unreadable.add(to);
    },
    async read(key) {
      if (unreadable.has(key)) throw new Error('NoSuchKey');
      const bytes = map.get(key);
      if (!bytes) throw new Error('NoSuchKey');
      return bytes;
    },
    async link(key) {
      return `https://files.example/${key}?signed`;
    },
  };
}

export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  data?: Record<string, unknown>;
}

/** A Log that keeps every line in `lines`, in order. */
export function recordingLog(): Log & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const record = (level: LoggedLine['level']) => (message: string, data?: Record<string, unknown>) => {
    lines.push({ level, message, ...(data ? { data } : {}) });
  };
  return { lines, info: record('info'), warn: record('warn'), error: record('error') };
}

/** Confirmation claims in memory, with the table's conditional semantics: one submission per key. */
export function memoryConfirmationLedger(): ConfirmationLedger & { claims: Map<string, string> } {
  const claims = new Map<string, string>();
  return {
    claims,
    async claim(key, submissionId) {
      const holder = claims.get(key);
      if (holder !== undefined) return holder === submissionId ? 'held' : 'refused';
      claims.set(key, submissionId);
      return 'claimed';
    },
  };
}

/**
 * The guard of visitor mail in memory, with the table's semantics (lambdas/data/visitor-mail.ts): counters that
 * stop at their cap, suppressed addresses by key. Caps generous by default; `sandbox` off.
 */
export function memoryVisitorMail(opts: { caps?: Partial<VisitorMailCaps>; sandbox?: boolean; now?: () => Date } = {}): VisitorMailGuard & { counts: Map<string, number>; suppressions: Map<string, string> } {
  const counts = new Map<string, number>();
  const suppressions = new Map<string, string>();
  return {
    counts,
    suppressions,
    sandbox: opts.sandbox ?? false,
    caps: { perHour: 1000, perDay: 10_000, perDomainPerHour: 1000, perDomainPerDay: 10_000, ...opts.caps },
    now: opts.now ?? (() => new Date('2026-11-22T10:00:00.000Z')),
    budget: {
      async take(counters) {
        for (const [i, c] of counters.entries()) {
          const n = counts.get(c.key) ?? 0;
          if (n >= c.cap) {
            for (const taken of counters.slice(0, i)) counts.set(taken.key, (counts.get(taken.key) ?? 1) - 1);
            return c.key;
          }
          counts.set(c.key, n + 1);
        }
        return undefined;
      },
    },
    suppressed: { reasonFor: async (key) => suppressions.get(key) },
  };
}

export interface MemoryDepsOptions {
  readonly store?: MemorySubmissionStore;
  readonly files?: MemoryFileStore;
  /** The uploads issued, each with the form it was issued for (`memoryUploadClaims`); none by default. */
  readonly issued?: Record<string, string>;
  /** Default: every kind's real delivery plan (lambdas/domain/submissions/kinds). */
  readonly plans?: SubmissionDeps['plans'];
  /** Every mail fails to send, as when SES cannot be reached. */
  readonly mailFails?: boolean;
  /** Webhooks that answer with an error. */
  readonly webhooksDown?: ReadonlySet<WebhookType>;
  /**
   * `inline` (default): the delivery function runs as acceptance hands off, so the first attempt is done when
   * acceptance returns; `recorded`: hand-offs are only kept in `handedOff`, for tests that run it themselves.
   */
  readonly handOff?: 'inline' | 'recorded';
  readonly attemptTimeoutMs?: number;
  readonly mailTo?: readonly string[];
  /** Who got the day's confirmation mail (`memoryConfirmationLedger`); a fresh ledger by default. */
  readonly confirmationLedger?: ConfirmationLedger;
  /** The guard of visitor mail (`memoryVisitorMail`); generous caps, no sandbox, nothing suppressed by default. */
  readonly visitorMail?: VisitorMailGuard;
}

/** The submission domain on in-memory ports, at 2026-11-22T10:00Z until `advance(seconds)` moves the clock. */
export function memorySubmissionDeps(opts: MemoryDepsOptions = {}) {
  let now = new Date('2026-11-22T10:00:00.000Z');
  const store = opts.store ?? memorySubmissionStore();
  const files = opts.files ?? memoryFileStore({});
  const mails: MailMessage[] = [];
  /** The visitors' confirmation mails, kept apart from the support mails in `mails`. */
  const confirmations: MailMessage[] = [];
  const mailTo = [...(opts.mailTo ?? ['sales@cadence-ai.example', 'support@cadence-ai.example'])];
  const posts: { type: WebhookType; payload: unknown; key: string }[] = [];
  const handedOff: HandOff[] = [];
  const log = recordingLog();
  const down = opts.webhooksDown ?? new Set<WebhookType>();
  const deps: SubmissionDeps = {
    store,
    ports: {
      mail: {
        async send(message) {
          if (opts.mailFails) throw new Error('SES is unreachable');
          (message.to.join() === mailTo.join() ? mails : confirmations).push(message);
        },
      },
      webhooks: {
        async post(type, payload, key) {
          if (down.has(type)) throw new Error(`The ${type} webhook answered 503`);
          posts.push({ type, payload: structuredClone(payload), key });
          return { status: 200, body: { ok: true } };
        },
      },
      files,
      uploadClaims: memoryUploadClaims(opts.issued ?? {}),
      confirmations: opts.confirmationLedger ?? memoryConfirmationLedger(),
      visitorMail: opts.visitorMail ?? memoryVisitorMail({ now: () => now }),
      mailTo,
      siteOrigin: 'http://localhost:3000',
    },
    plans: opts.plans ?? deliveryPlans,
    clock: { now: () => now },
    log,
    ...(opts.attemptTimeoutMs === undefined ? {} : { attemptTimeoutMs: opts.attemptTimeoutMs }),
    handOff: opts.handOff === 'recorded' ? async (ref) => void handedOff.push(ref) : (ref) => deliverHandedOff(deps, ref),
  };
  return {
    deps,
    store,
    files,
    mails,
    confirmations,
    posts,
    handedOff,
    logs: log.lines,
    advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)),
  };
}

/**
 * The record of issued uploads, in memory, with the data module's conditional claim: `issued` maps each upload key
 * to the form it was issued for.
 */
export function memoryUploadClaims(issued: Record<string, string>): UploadClaims & { items: Map<string, UploadClaim> } {
  const items = new Map<string, UploadClaim>(Object.entries(issued).map(([key, form]) => [key, { form }]));
  return {
    items,
    async get(key) {
      return items.get(key);
    },
    async claim(key, form, submissionId, at, takeOverFrom) {
      const current = items.get(key);
      if (!current || current.form !== form) return 'refused';
      if (current.claimedBy !== undefined && current.claimedBy !== submissionId && current.claimedBy !== takeOverFrom) return 'refused';
      items.set(key, { form, claimedBy: submissionId, claimedAt: at.toISOString() });
      return current.claimedBy === submissionId ? 'held' : 'claimed';
    },
  };
}
