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
import { newSubmissionId } from '../../../lib/submission-id';
import { uploadFiles, type UploadProgress } from '../../../lib/uploads';

export async function submitIdea(fields: IdeaFields, files: readonly File[], onProgress?: UploadProgress): Promise<IdeaCreated> {
  const attemptId = newSubmissionId();
  const keys = await uploadFiles('idea', files, onProgress);
  return callApi<IdeaCreated>(routes.createIdea, { ...fields, files: keys }, { headers: { [IDEMPOTENCY_HEADER]: attemptId } });
}
