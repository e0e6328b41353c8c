/**
 * POST /api/demo-requests: the Book-a-Free-Demo form. Validated with the form's own schema, its uploads checked
 * and claimed, stored, then mailed to the support staff. 201 { id } when stored, 200 { id } for a repeat of a
 * stored submission id (the `idempotency-key` header).
 */
import { randomUUID } from 'node:crypto';
import { routes } from '../../shared/backend';
import { IDEMPOTENCY_HEADER } from '../../shared/http';
import { demoRequestSchema } from '../../shared/schemas/demo-request';
import { submissionDeps } from '../composition/submissions';
import { acceptDemoRequest } from '../domain/submissions/kinds/demo-request';
import { submissionIdFrom } from '../lib/idempotency-key';
import { created, httpHandler, ok } from '../lib/http';

export const handler = httpHandler(routes.createDemoRequest, demoRequestSchema, async ({ body, headers }) => {
  const id = submissionIdFrom(headers[IDEMPOTENCY_HEADER], randomUUID);
  const accepted = await acceptDemoRequest(submissionDeps(), id, body);
  return accepted.created ? created({ id: accepted.id }) : ok({ id: accepted.id });
});
