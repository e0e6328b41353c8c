/**
 * The staff console's inbox (staff only: lambdas/lib/http.ts checks the group): GET /api/staff/submissions (a page
 * of the inbox), GET /api/staff/submission (one submission, whole), POST /api/staff/submission (a status, a note)
 * and POST /api/staff/exports (the current filter as CSV). See lambdas/domain/leads/.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { inboxFilterSchema, inboxQuerySchema, submissionQuerySchema, submissionUpdateSchema } from '@shared/contract/schemas/staff-console';
import { leadDeps, staffFunction, staffRoute } from '../composition/staff';
import { exportInbox } from '../domain/leads/export';
import { inboxPage } from '../domain/leads/inbox';
import { openSubmission, updateSubmission } from '../domain/leads/lead';
import { ok } from '../lib/http';

export const handler = staffFunction('staffInbox', [
  staffRoute(deployedRoutes.listSubmissions, inboxQuerySchema, async ({ body }) => {
    const deps = leadDeps();
    return ok(await inboxPage(deps.store, body, deps.clock.now()));
  }),
  staffRoute(deployedRoutes.getSubmission, submissionQuerySchema, async ({ body }) => ok(await openSubmission(leadDeps(), body.id))),
  staffRoute(deployedRoutes.updateSubmission, submissionUpdateSchema, async ({ body, userId }) => ok(await updateSubmission(leadDeps(), body, userId))),
  staffRoute(deployedRoutes.exportSubmissions, inboxFilterSchema, async ({ body }) => ok(await exportInbox(leadDeps(), body))),
]);
