/**
 * Sending an idea: the supporting documents go straight to storage first (presigned POSTs, with progress),
 * then the form values and the upload keys go to POST /api/ideas. Each submission attempt carries a fresh
 * UUID as its idempotency key, which the server keeps as the idea's id: a request the network repeats stores
 * one idea, not two.
 */
import { routes } from '../../../../../shared/backend';
import { IDEMPOTENCY_HEADER } from '../../../../../shared/http';
import type { IdeaCreated, IdeaFields } from '../../../../../shared/schemas/idea';
import { callApi } from '../../../lib/api';
import { uploadFiles, type UploadProgress } from '../../../lib/uploads';

function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers: an RFC 4122 version-4 UUID from random bytes.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function submitIdea(fields: IdeaFields, files: readonly File[], onProgress?: UploadProgress): Promise<IdeaCreated> {
  const attemptId = newAttemptId();
  const keys = await uploadFiles('idea', files, onProgress);
  return callApi<IdeaCreated>(routes.createIdea, { ...fields, files: keys }, { headers: { [IDEMPOTENCY_HEADER]: attemptId } });
}
