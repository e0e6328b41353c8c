/**
 * POST /api/ideas: the Idea Hub form. Its uploads checked and claimed, stored with submittedAt (the visitor's
 * answer depends only on that), then delivered to both automation webhooks and the support mailbox, each
 * retried on its own (domain/submissions/kinds/idea.ts).
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { submissionWithUploadsHandler } from '../composition/submissions';
import { idea } from '../domain/submissions/kinds/idea';

export const handler = submissionWithUploadsHandler(deployedRoutes.createIdea, idea);
