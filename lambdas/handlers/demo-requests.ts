/**
 * POST /api/demo-requests: the Book-a-Free-Demo form. Its uploads checked and claimed, stored, then mailed to
 * the support staff (domain/submissions/kinds/demo-request.ts). The answer carries the request's booking token, so
 * the site offers the booking step (issue 41) right after the dialog closes: `{ id, bookingToken }`.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { bookingLinksOfStage } from '../composition/bookings';
import { submissionWithUploadsHandler } from '../composition/submissions';
import { demoRequest } from '../domain/submissions/kinds/demo-request';

export const handler = submissionWithUploadsHandler(deployedRoutes.createDemoRequest, demoRequest, async (id) => ({
  bookingToken: (await bookingLinksOfStage()).token('pick', id),
}));
