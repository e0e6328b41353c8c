/**
 * Sending the demo request and the contact message. The demo's files go straight to storage first (presigned
 * POSTs, with progress), then only their keys travel with the form. Every call carries the submission
 * attempt's id as its idempotency key, which the server keeps as the submission's id: a double click or a
 * retry of the same submission stores one submission, not two.
 */
import { routes } from '../../../../../shared/backend';
import { IDEMPOTENCY_HEADER } from '../../../../../shared/http';
import type { ContactMessage } from '../../../../../shared/schemas/contact-message';
import type { DemoRequestFields } from '../../../../../shared/schemas/demo-request';
import { callApi } from '../../../lib/api';
import { uploadFiles, type UploadProgress } from '../../../lib/uploads';

export interface SubmissionCreated {
  readonly id: string;
}

/** Uploads (or reuses the keys of an earlier attempt for the same files), then sends the request. */
export async function sendDemoRequest(
  submissionId: string,
  fields: DemoRequestFields,
  fileKeys: () => Promise<string[]>,
): Promise<SubmissionCreated> {
  const files = await fileKeys();
  return callApi<SubmissionCreated>(routes.createDemoRequest, { ...fields, files }, { headers: { [IDEMPOTENCY_HEADER]: submissionId } });
}

export function uploadDemoFiles(files: readonly File[], onProgress: UploadProgress): Promise<string[]> {
  return uploadFiles('demoRequest', files, onProgress);
}

export function sendContactMessage(submissionId: string, message: ContactMessage): Promise<SubmissionCreated> {
  return callApi<SubmissionCreated>(routes.createContactMessage, message, { headers: { [IDEMPOTENCY_HEADER]: submissionId } });
}
