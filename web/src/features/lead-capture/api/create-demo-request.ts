/**
 * Sending the Book-a-Free-Demo form to POST /api/demo-requests: the form values and the keys of its files, which went
 * straight to storage first (presigned POSTs, done by components/form's useSubmission), under the submission
 * attempt's id as its idempotency key (lib/api.ts `sendSubmission`).
 */
import { routes } from '@shared/contract/api';
import type { DemoRequestFields } from '@shared/contract/schemas/demo-request';
import { sendSubmission, type SubmissionCreated } from '../../../lib/api';

/** The answer: the stored request's id and the token of its booking link (issue 41). */
export interface DemoRequestCreated extends SubmissionCreated {
  readonly bookingToken?: string;
}

export function createDemoRequest(submissionId: string, fields: DemoRequestFields, files: string[]): Promise<DemoRequestCreated> {
  return sendSubmission<DemoRequestCreated>(routes.createDemoRequest, submissionId, { ...fields, files });
}
