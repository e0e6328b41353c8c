/**
 * The composition root of the submission domain: the real DynamoDB store, SES mail, S3 files, HTTP webhooks,
 * the asynchronous hand-off to the submissionDelivery function and the logger wired into the engine, and the one
 * way a submission route's handler is built.
 */
import { randomUUID } from 'node:crypto';
import type { DeployedRouteDef } from '@shared/deployment/manifest';
import { IDEMPOTENCY_HEADER } from '@shared/contract/http';
import { httpWebhooks } from '../adapters/http-webhook';
import { invokeSubmissionDelivery } from '../adapters/lambda-hand-off';
import { s3Files } from '../adapters/s3-files';
import { sesMail, supportRecipients } from '../adapters/ses-mail';
import { confirmationClaimsTable } from '../data/confirmation-claims';
import { submissionsTable } from '../data/submissions';
import { uploadClaimsTable } from '../data/upload-claims';
import { systemClock } from '../domain/clock';
import { acceptWithUploads } from '../domain/submissions/accept';
import type { SubmissionDeps } from '../domain/submissions/engine';
import type { SubmissionKindDef } from '../domain/submissions/kind';
import { deliveryPlans } from '../domain/submissions/kinds';
import { setting } from '../lib/env';
import { created, httpHandler, ok } from '../lib/http';
import { idempotencyKeyFrom } from '../lib/idempotency-key';
import { logger } from '../lib/logger';

export function submissionDeps(): SubmissionDeps {
  return {
    store: submissionsTable,
    ports: {
      mail: sesMail,
      webhooks: httpWebhooks,
      files: s3Files,
      confirmations: confirmationClaimsTable,
      uploadClaims: uploadClaimsTable,
      mailTo: supportRecipients(),
      siteOrigin: setting('SITE_ORIGIN'),
    },
    plans: deliveryPlans,
    clock: systemClock,
    handOff: invokeSubmissionDelivery,
    ...retention(),
    log: {
      info: (m, d) => logger.info(m, d ?? {}),
      warn: (m, d) => logger.warn(m, d ?? {}),
      error: (m, d) => logger.error(m, d ?? {}),
    },
  };
}

/** The stage's retention of submissions, for the functions that store them (the setting is theirs only). */
function retention(): { retentionDays?: number } {
  const days = Number(setting('SUBMISSION_RETENTION_DAYS'));
  return Number.isFinite(days) && days > 0 ? { retentionDays: days } : {};
}

/**
 * A submission route: validated with the form's own schema, accepted under the `idempotency-key` header as its
 * submission id (a UUID the browser makes per submission attempt). 201 { id } when stored (and handed off for
 * delivery, not yet delivered), 200 { id } for a repeat of a stored submission id.
 */
export function submissionHandler<R extends object, D>(route: DeployedRouteDef, def: SubmissionKindDef<R, D>) {
  const accept = acceptWithUploads(def);
  return httpHandler(route, def.schema, async ({ body, headers }) => {
    const id = idempotencyKeyFrom(headers[IDEMPOTENCY_HEADER], randomUUID);
    const accepted = await accept(submissionDeps(), id, body);
    return accepted.created ? created({ id: accepted.id }) : ok({ id: accepted.id });
  });
}
