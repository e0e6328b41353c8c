/**
 * Sending the demo request and the contact message. The demo's files go straight to storage first (presigned
 * POSTs, done by components/form's useSubmission), then only their keys travel with the form. Every call
 * carries the submission attempt's id as its idempotency key, which the server keeps as the submission's id:
 * a double click or a retry of the same submission stores one submission, not two.
 */
import { routes } from '@shared/deployment/manifest';
import { IDEMPOTENCY_HEADER } from '@shared/contract/http';
import type { ContactMessage } from '@shared/contract/schemas/contact-message';
import type { DemoRequestFields } from '@shared/contract/schemas/demo-request';
import { callApi } from '../../../lib/api';

export interface SubmissionCreated {
  readonly id: string;
}

export function sendDemoRequest(submissionId: string, fields: DemoRequestFields, files: string[]): Promise<SubmissionCreated> {
  return callApi<SubmissionCreated>(routes.createDemoRequest, { ...fields, files }, { headers: { [IDEMPOTENCY_HEADER]: submissionId } });
}

export function sendContactMessage(submissionId: string, message: ContactMessage): Promise<SubmissionCreated> {
  return callApi<SubmissionCreated>(routes.createContactMessage, message, { headers: { [IDEMPOTENCY_HEADER]: submissionId } });
}
