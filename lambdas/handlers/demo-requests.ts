/**
 * POST /api/demo-requests: the Book-a-Free-Demo form. Its uploads checked and claimed, stored, then mailed to
 * the support staff (domain/submissions/kinds/demo-request.ts).
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { submissionWithUploadsHandler } from '../composition/submissions';
import { demoRequest } from '../domain/submissions/kinds/demo-request';

export const handler = submissionWithUploadsHandler(deployedRoutes.createDemoRequest, demoRequest);
