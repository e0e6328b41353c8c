/**
 * POST /api/ideas: the Idea Hub form. Validated with the form's own schema, its uploads checked and claimed,
 * stored with submittedAt (the visitor's answer depends only on that), then delivered to both automation
 * webhooks and the support mailbox, each retried on its own. 201 { id } when stored, 200 { id } for a repeat
 * of a stored submission id (the `idempotency-key` header, a UUID the browser makes per submission attempt).
 */
import { randomUUID } from 'node:crypto';
import { routes } from '../../shared/backend';
import { IDEMPOTENCY_HEADER } from '../../shared/http';
import { ideaRequestSchema, type IdeaCreated } from '../../shared/schemas/idea';
import { submissionDeps } from '../composition/submissions';
import { submitIdea } from '../domain/submissions/kinds/idea';
import { submissionIdFrom } from '../lib/idempotency-key';
import type { SubmissionDeps } from '../domain/submissions/engine';
import { created, httpHandler, ok } from '../lib/http';

/** The handler over given deps (tests pass a fake clock); `handler` is the deployed one. */
export function createIdeasHandler(deps: () => SubmissionDeps = submissionDeps) {
  return httpHandler(routes.createIdea, ideaRequestSchema, async ({ body, headers }) => {
    const id = submissionIdFrom(headers[IDEMPOTENCY_HEADER], randomUUID);
    const accepted = await submitIdea(deps(), { id, request: body });
    const answer: IdeaCreated = { id: accepted.id };
    return accepted.created ? created(answer) : ok(answer);
  });
}

export const handler = createIdeasHandler();
