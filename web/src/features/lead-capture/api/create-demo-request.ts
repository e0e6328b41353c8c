/**
 * Sending the Book-a-Free-Demo form to POST /api/demo-requests: the form values and the keys of its files, which went
 * straight to storage first (presigned POSTs, done by components/form's useSubmission), under the submission
 * attempt's id as its idempotency key (lib/api.ts `sendSubmission`).
 */
import { routes } from '@shared/contract/api';
import type { DemoRequestFields } from '@shared/contract/schemas/demo-request';
import { sendSubmission, type SubmissionCreated } from '../../../lib/api';

export function createDemoRequest(submissionId: string, fields: DemoRequestFields, files: string[]): Promise<SubmissionCreated> {
  return sendSubmission(routes.createDemoRequest, submissionId, { ...fields, files });
}
