/**
 * An erasure replayed from its audit entry, after a table was restored to a point in time before it (docs/recovery.md):
 * the restored rows would bring the person back, so every erasure recorded since the restore point is applied again,
 * from the ids its entry keeps (never an address: the audit holds none). The same writes the erasure made, each
 * idempotent: a row already gone stays gone, a purchase or notice already pseudonymised keeps its first erasure time.
 * Files (S3 is not restored) and the Cognito account (deleted, not in a table) need nothing.
 */
import type { PersonDeps } from './deps';
import type { ErasureEntry } from './ports';

export type ReplayDeps = Pick<PersonDeps, 'submissionRecords' | 'profiles' | 'purchases'>;

export interface Replayed {
  readonly erasureId: string;
  readonly submissions: number;
  readonly notices: number;
  readonly purchases: number;
  readonly profile: boolean;
}

export async function replayErasure(deps: ReplayDeps, entry: ErasureEntry): Promise<Replayed> {
  const at = new Date(entry.at);
  for (const id of entry.submissionIds) await deps.submissionRecords.remove(id);
  // Entries written before notices and accounts were recorded have neither: their submissions and purchases still replay.
  for (const id of entry.noticeIds ?? []) await deps.submissionRecords.pseudonymiseNotice(id, at);
  for (const sessionId of entry.purchaseSessionIds) await deps.purchases.pseudonymise(sessionId, at);
  if (entry.accountId) await deps.profiles.remove(entry.accountId);
  return {
    erasureId: entry.id,
    submissions: entry.submissionIds.length,
    notices: entry.noticeIds?.length ?? 0,
    purchases: entry.purchaseSessionIds.length,
    profile: entry.accountId !== undefined,
  };
}
