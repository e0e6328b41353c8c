/**
 * Accepting a submission of any kind, one sequence for all: recognise a repeat, claim the uploads, store,
 * then attempt the deliveries (engine.ts).
 */
import { fileRules, type UploadForm } from '@shared/contract/uploads';
import { RejectedInput } from '../errors';
import { IDEMPOTENCY_KEY_FIELD } from '../../lib/idempotency-key';
import { claimUploads } from './attachments';
import { acceptSubmission, type Accepted, type SubmissionDeps } from './engine';
import type { SubmissionKindDef, WithUploads } from './kind';
import type { SubmissionKind } from './record';

/** The earlier acceptance of this id, if any; an id already used by another form is refused. */
async function findRepeat(deps: SubmissionDeps, id: string, kind: SubmissionKind): Promise<Accepted | undefined> {
  const existing = await deps.store.get(id);
  if (!existing) return undefined;
  if (existing.kind !== kind) throw new RejectedInput('This idempotency key was already used for another form.', IDEMPOTENCY_KEY_FIELD);
  deps.log.info('submission already stored', { submissionId: id, kind });
  return { id, created: false };
}

function uploadFormOf(kind: SubmissionKind): UploadForm {
  if (!(kind in fileRules)) throw new Error(`A ${kind} takes no uploads`);
  return kind as UploadForm;
}

/**
 * Accepts a submission of `def`'s kind under the client's submission id. A repeat of a stored id answers that
 * id without touching anything; otherwise every upload is checked and copied BEFORE the record is written, so
 * a bad file refuses the request (RejectedInput, answered 400) and no half-written submission ever exists.
 */
export function acceptWithUploads<R extends object, D>(def: SubmissionKindDef<R, D>) {
  return async (deps: SubmissionDeps, id: string, request: R): Promise<Accepted> => {
    const repeat = await findRepeat(deps, id, def.kind);
    if (repeat) return repeat;
    const { files: keys = [], ...fields } = request as WithUploads<R>;
    const files = keys.length === 0 ? [] : await claimUploads(deps.ports.files, uploadFormOf(def.kind), keys, id);
    const data = def.storedData(fields, deps.clock.now());
    return acceptSubmission<D>(deps, { id, kind: def.kind, data, files });
  };
}
