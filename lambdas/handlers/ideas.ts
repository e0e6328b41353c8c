/**
 * POST /api/ideas: the Idea Hub form. Its uploads checked and claimed, stored with submittedAt (the visitor's
 * answer depends only on that), then delivered to both automation webhooks and the support mailbox, each
 * retried on its own (domain/submissions/kinds/idea.ts).
 */
import { routes } from '@shared/deployment/manifest';
import { submissionHandler } from '../composition/submissions';
import { idea } from '../domain/submissions/kinds/idea';

export const handler = submissionHandler(routes.createIdea, idea);
