/**
 * A person's data in the staff console (staff only): GET /api/staff/people (what the site holds under an e-mail
 * address), POST /api/staff/people/export (all of it as one JSON file) and POST /api/staff/people/erase (erased,
 * with an audit entry). See lambdas/domain/leads/person.ts.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { personErasureSchema, personExportSchema, personQuerySchema } from '@shared/contract/schemas/staff-console';
import { personDeps, staffFunction, staffRoute } from '../composition/staff';
import { erasePerson, exportPerson, findPerson } from '../domain/leads/person';
import { ok } from '../lib/http';

export const handler = staffFunction('staffPeople', [
  staffRoute(deployedRoutes.findPerson, personQuerySchema, async ({ body }) => ok(await findPerson(personDeps(), body.email))),
  staffRoute(deployedRoutes.exportPerson, personExportSchema, async ({ body }) => ok(await exportPerson(personDeps(), body.email))),
  staffRoute(deployedRoutes.erasePerson, personErasureSchema, async ({ body, userId }) => ok(await erasePerson(personDeps(), body.email, userId))),
]);
