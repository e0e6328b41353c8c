/**
 * The lead forms' validation: zod's resolvers for the shared schemas that POST /api/contact-messages and
 * /api/demo-requests validate with. Imported on first need only (components/form/lazy-resolver.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageSchema } from '@shared/contract/schemas/contact-message';
import { demoRequestFieldsSchema } from '@shared/contract/schemas/demo-request';

export const contactMessageResolver = zodResolver(contactMessageSchema);
export const demoRequestResolver = zodResolver(demoRequestFieldsSchema);
