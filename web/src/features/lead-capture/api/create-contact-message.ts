/** Sending the contact form to POST /api/contact-messages under the submission attempt's id (lib/api.ts `sendSubmission`). */
import { routes } from '@shared/contract/api';
import type { ContactMessage } from '@shared/contract/schemas/contact-message';
import { sendSubmission, type SubmissionCreated } from '../../../lib/api';

export function createContactMessage(submissionId: string, message: ContactMessage): Promise<SubmissionCreated> {
  return sendSubmission(routes.createContactMessage, submissionId, message);
}
