/**
 * POST /api/contact-messages: the contact form. Stored, then mailed to the support staff
 * (domain/submissions/kinds/contact-message.ts).
 */
import { routes } from '@shared/deployment/manifest';
import { submissionHandler } from '../composition/submissions';
import { contactMessage } from '../domain/submissions/kinds/contact-message';

export const handler = submissionHandler(routes.createContactMessage, contactMessage);
