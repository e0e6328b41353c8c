/** Recognising a repeated submission (same client id) before doing any work for it. */
import type { SubmissionKind } from './record';
import type { Accepted, SubmissionDeps } from './engine';
import { RejectedInput } from '../errors';
import { IDEMPOTENCY_KEY_FIELD } from '../../lib/idempotency-key';

/** The earlier acceptance of this id, if any; an id already used by another form is refused. */
export async function findRepeat(deps: SubmissionDeps, id: string, kind: SubmissionKind): Promise<Accepted | undefined> {
  const existing = await deps.store.get(id);
  if (!existing) return undefined;
  if (existing.kind !== kind) throw new RejectedInput('This idempotency key was already used for another form.', IDEMPOTENCY_KEY_FIELD);
  deps.log.info('submission already stored', { submissionId: id, kind });
  return { id, created: false };
}
