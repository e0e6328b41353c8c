/**
 * Sending an idea to POST /api/ideas: the form values and the keys of the supporting documents, which went
 * straight to storage first (presigned POSTs, done by components/form's useSubmission), under the submission
 * attempt's id as its idempotency key (lib/api.ts `sendSubmission`).
 */
import { routes } from '@shared/contract/api';
import type { IdeaCreated, IdeaFields } from '@shared/contract/schemas/idea';
import { sendSubmission } from '../../../lib/api';

export function createIdea(submissionId: string, fields: IdeaFields, files: string[]): Promise<IdeaCreated> {
  return sendSubmission<IdeaCreated>(routes.createIdea, submissionId, { ...fields, files });
}
