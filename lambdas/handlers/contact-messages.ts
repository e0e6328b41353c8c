/**
 * POST /api/contact-messages: the contact form. Stored, then mailed to the support staff
 * (domain/submissions/kinds/contact-message.ts).
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { submissionHandler } from '../composition/submissions';
import { contactMessage } from '../domain/submissions/kinds/contact-message';

export const handler = submissionHandler(deployedRoutes.createContactMessage, contactMessage);
