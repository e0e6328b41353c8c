/**
 * The staff console's overview (staff only: lambdas/lib/http.ts checks the group): GET /api/staff/overview, read
 * from the figures kept as leads and purchases are written (lambdas/domain/overview), never from the records.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { overviewQuerySchema } from '@shared/contract/schemas/staff-console';
import { overviewDeps } from '../composition/overview';
import { staffFunction, staffRoute } from '../composition/staff';
import { overview } from '../domain/overview/view';
import { ok } from '../lib/http';

export const handler = staffFunction('staffOverview', [staffRoute(deployedRoutes.getOverview, overviewQuerySchema, async () => ok(await overview(overviewDeps())))]);
