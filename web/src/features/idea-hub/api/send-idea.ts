/**
 * Sending an idea to POST /api/ideas: the form values and the keys of the supporting documents, which went
 * straight to storage first (presigned POSTs, done by components/form's useSubmission). The call carries the
 * submission attempt's id as its idempotency key, which the server keeps as the idea's id: a request the
 * network repeats, or a plain retry of the same idea, stores one idea, not two.
 */
import { routes } from '@shared/deployment/manifest';
import { IDEMPOTENCY_HEADER } from '@shared/contract/http';
import type { IdeaCreated, IdeaFields } from '@shared/contract/schemas/idea';
import { callApi } from '../../../lib/api';

export function sendIdea(submissionId: string, fields: IdeaFields, files: string[]): Promise<IdeaCreated> {
  return callApi<IdeaCreated>(routes.createIdea, { ...fields, files }, { headers: { [IDEMPOTENCY_HEADER]: submissionId } });
}
