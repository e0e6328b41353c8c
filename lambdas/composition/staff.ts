/**
 * The composition root of the staff console: the leads domain (lambdas/domain/leads) wired to the submissions,
 * profiles, confirmation-claims, upload-claims, purchases and audit tables, the uploads bucket, the user pool, and the delivery engine
 * (./submissions.ts), plus the one way a staff route's handler is built.
 */
import { randomUUID } from 'node:crypto';
import type { DeployedRouteDef, FunctionName } from '@shared/deployment/manifest';
import type * as z from '@shared/contract/schemas/zod';
import { cognitoAccounts } from '../adapters/cognito-accounts';
import { supportRecipients } from '../adapters/ses-mail';
import { s3StaffFiles } from '../adapters/s3-staff-files';
import { bookingErasure } from '../data/bookings';
import { confirmationClaims } from '../data/confirmation-claims';
import { profileRecords } from '../data/profiles';
import { purchaseRecords } from '../data/purchases';
import { staffAuditTable } from '../data/staff-audit';
import { leadRecords, leadsTable, submissionRecords } from '../data/submissions';
import { uploadRecords } from '../data/upload-claims';
import { studioRecords } from '../data/prompt-studios';
import { systemClock } from '../domain/clock';
import type { LeadDeps, LeadRecordDeps, PersonDeps } from '../domain/leads/deps';
import { deliveryPlans } from '../domain/submissions/kinds';
import { errorResult, httpHandler, type HttpEvent, type HttpResult } from '../lib/http';
import { liveSession } from './sessions';
import { lambdaHandler } from '../lib/lambda';
import type { Context } from 'aws-lambda';
import { erasedDemoFigures, erasedLeadFigures, leadFigures } from './overview';

export { deliveringDeps } from './submissions';

export function leadDeps(): LeadDeps {
  return { ...leadRecordDeps(), store: leadsTable };
}

/** Send again and Send to webhook: the records without the inbox's reads (no Query, no BatchGetItem). */
export function leadRecordDeps(): LeadRecordDeps {
  return { store: leadRecords, plans: deliveryPlans, files: s3StaffFiles, accounts: cognitoAccounts, mailTo: supportRecipients(), clock: systemClock, newId: randomUUID, leadFigures };
}

export function personDeps(): PersonDeps {
  return { ...leadDeps(), submissionRecords, profiles: profileRecords, audit: staffAuditTable, confirmationClaims, uploadRecords, purchases: purchaseRecords, bookings: bookingErasure, promptStudios: studioRecords, erasedLeadFigures, erasedDemoFigures };
}

/** A staff route: its schema, and what it answers for a staff member (`userId`: their verified `sub`). */
export interface StaffRoute {
  readonly route: DeployedRouteDef;
  readonly handler: (event: HttpEvent, context: Context) => Promise<HttpResult>;
}

export function staffRoute<S extends z.ZodMiniType>(
  route: DeployedRouteDef,
  schema: S,
  answer: (input: { body: z.infer<S>; userId: string }) => Promise<HttpResult>,
): StaffRoute {
  const handler = httpHandler(
    route,
    schema,
    async ({ body, userId }) => {
      // httpHandler answered 401/403 before this runs for anyone but a staff member with a live session.
      if (!userId) throw new Error('a staff route ran without a verified sub');
      return answer({ body, userId });
    },
    { session: liveSession },
  );
  return { route, handler: (event, context) => handler(event, context) as Promise<HttpResult> };
}

/** One function serving several staff routes, told apart by the route key API Gateway (and the local API) sets. */
export function staffFunction(fn: FunctionName, served: readonly StaffRoute[]) {
  return lambdaHandler(fn, [], async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const key = event.routeKey ?? `${event.requestContext?.http?.method} ${event.requestContext?.http?.path}`;
    const found = served.find(({ route }) => `${route.method} ${route.path}` === key);
    return found ? found.handler(event, context) : errorResult(404, 'Not Found');
  });
}
