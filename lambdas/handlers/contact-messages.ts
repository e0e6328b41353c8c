/**
 * POST /api/contact-messages: the contact form. Validated with the form's own schema, stored, then mailed to
 * the support staff. 201 { id } when stored, 200 { id } for a repeat of a stored submission id.
 */
import { randomUUID } from 'node:crypto';
import { routes } from '../../shared/backend';
import { IDEMPOTENCY_HEADER } from '../../shared/http';
import { contactMessageSchema } from '../../shared/schemas/contact-message';
import { submissionDeps } from '../composition/submissions';
import { acceptContactMessage } from '../domain/submissions/kinds/contact-message';
import { submissionIdFrom } from '../lib/idempotency-key';
import { created, httpHandler, ok } from '../lib/http';

export const handler = httpHandler(routes.createContactMessage, contactMessageSchema, async ({ body, headers }) => {
  const id = submissionIdFrom(headers[IDEMPOTENCY_HEADER], randomUUID);
  const accepted = await acceptContactMessage(submissionDeps(), id, body);
  return accepted.created ? created({ id: accepted.id }) : ok({ id: accepted.id });
});
