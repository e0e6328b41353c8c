/**
 * Accepting a submission of any kind, one sequence for all: drop a bot's, recognise a repeat, claim the uploads,
 * store, then attempt the deliveries (engine.ts).
 *
 * The idempotency key (the submission id) follows the IETF Idempotency-Key draft and Stripe's API: the same key
 * with the same input answers the original result; the same key with different input is refused with 422 and
 * changes nothing, so an edit sent under a stale key is never silently dropped as a "repeat". What counts as
 * the same input is the fingerprint of the validated request, stored on the record.
 */
import { createHash } from 'node:crypto';
import { HONEYPOT_FIELD, isHoneypotFilled } from '@shared/contract/schemas/honeypot';
import { IDEMPOTENCY_KEY_FIELD } from '@shared/contract/http';
import { fileRules, type UploadForm } from '@shared/contract/uploads';
import { DomainError, RejectedInput } from '../errors';
import { claimUploads } from './attachments';
import { acceptSubmission, type AcceptingDeps, type Accepted } from './engine';
import type { SubmissionKindDef, WithUploads } from './kind';
import type { StoredFile, SubmissionKind } from './record';

export const keyReusedMessage = 'This idempotency key was already used with a different submission.';

/** JSON with every object's keys sorted and undefined members left out: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function withoutHoneypot<T extends object>(request: T): Omit<T, typeof HONEYPOT_FIELD> {
  const { [HONEYPOT_FIELD]: _honeypot, ...rest } = request as Record<string, unknown>;
  return rest as Omit<T, typeof HONEYPOT_FIELD>;
}

/**
 * SHA-256 (hex) of the validated request: after the schema's trimming and defaults, with the upload keys, and
 * without the honeypot (a person always sends it empty, so it tells two of their requests apart in nothing).
 */
export function submissionFingerprint(request: object): string {
  return createHash('sha256').update(canonicalJson(withoutHoneypot(request))).digest('hex');
}

/**
 * The earlier acceptance of this id, if any. An id already used by another form is refused (400); one used by
 * the same form for different input is refused (422), and neither changes anything.
 */
async function findRepeat(deps: AcceptingDeps, id: string, kind: SubmissionKind, fingerprint: string): Promise<Accepted | undefined> {
  const existing = await deps.store.get(id);
  if (!existing) return undefined;
  if (existing.kind !== kind) throw new RejectedInput('This idempotency key was already used for another form.', IDEMPOTENCY_KEY_FIELD);
  // A record stored before fingerprints existed has none: it can only be answered as the repeat it most likely is.
  if (existing.fingerprint !== undefined && existing.fingerprint !== fingerprint) {
    deps.log.info('idempotency key reused with a different submission', { submissionId: id, kind });
    throw new DomainError('conflicting', keyReusedMessage, { field: IDEMPOTENCY_KEY_FIELD });
  }
  deps.log.info('submission already stored', { submissionId: id, kind });
  return { id, created: false };
}

function uploadFormOf(kind: SubmissionKind): UploadForm {
  if (!(kind in fileRules)) throw new Error(`A ${kind} takes no uploads`);
  return kind as UploadForm;
}

/**
 * Claims the uploads, or answers the repeat when claiming failed because a request with the same id (a double
 * click, a client retrying on a timeout) was stored meanwhile: that one is the original, as after a lost race.
 */
async function claimOrFindRepeat(
  deps: AcceptingDeps,
  kind: SubmissionKind,
  id: string,
  keys: readonly string[],
  fingerprint: string,
): Promise<StoredFile[] | Accepted> {
  try {
    return await claimUploads(deps.ports.files, uploadFormOf(kind), keys, id, fingerprint, {
      claims: deps.ports.uploadClaims,
      now: deps.clock.now(),
      isStored: async (other) => (await deps.store.get(other)) !== undefined,
    });
  } catch (error) {
    // The visitor's mistake (a missing or wrong file) is theirs to fix, whatever else is going on.
    if (error instanceof DomainError) throw error;
    const repeat = await findRepeat(deps, id, kind, fingerprint);
    if (repeat) return repeat;
    throw error;
  }
}

/**
 * Accepts a submission of `def`'s kind under the client's submission id. A filled honeypot is answered as if
 * accepted and nothing else happens. A repeat of a stored id answers that id without touching anything;
 * otherwise every upload is checked and copied BEFORE the record is written, so a bad file refuses the request
 * (RejectedInput, answered 400) and no half-written submission ever exists.
 */
export function acceptWithUploads<R extends object, D>(def: SubmissionKindDef<R, D>) {
  return async (deps: AcceptingDeps, id: string, request: R): Promise<Accepted> => {
    if (isHoneypotFilled(request)) {
      // A bot: answered like a person (so it learns nothing), never stored, mailed or delivered. Its content
      // stays out of the logs.
      deps.log.info('honeypot filled', { submissionId: id, kind: def.kind });
      return { id, created: true };
    }
    const fingerprint = submissionFingerprint(request);
    const { files: keys = [], ...fields } = withoutHoneypot(request) as WithUploads<R>;
    // A repeat with uploads must be recognised before its files are claimed a second time. Without uploads
    // there is nothing to claim: the conditional write below tells a repeat, and a first request (by far the
    // most common) costs the visitor no read.
    if (keys.length > 0) {
      const repeat = await findRepeat(deps, id, def.kind, fingerprint);
      if (repeat) return repeat;
    }
    const files = keys.length === 0 ? [] : await claimOrFindRepeat(deps, def.kind, id, keys, fingerprint);
    if (!Array.isArray(files)) return files;
    const data = def.storedData(fields, deps.clock.now());
    const accepted = await acceptSubmission<D>(deps, { id, kind: def.kind, data, files, fingerprint, lead: def.lead(data) });
    if (accepted.created) return accepted;
    // A submission with this id is stored already (a repeat, or a request stored between the check above and
    // this one's write): it is the original, so this one answers like any repeat (the same id, or 422 for
    // different input, or 400 for another form's id).
    return (await findRepeat(deps, id, def.kind, fingerprint)) ?? accepted;
  };
}
