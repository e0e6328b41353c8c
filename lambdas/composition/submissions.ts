/**
 * The composition root of the submission domain, in two halves that are deployed apart:
 *
 * - accepting (the demoRequests, contactMessages and ideas functions): the DynamoDB store, S3 files (to claim the
 *   uploads) and the asynchronous hand-off to the submissionDelivery function. No mail, no webhooks: these
 *   functions only store and hand off, so their bundles hold no SES client and their roles no SES grant or
 *   webhook signing key;
 * - delivering (submissionDelivery, the scheduled deliveryRetry and the staff console's Send again): the store, SES
 *   mail, S3 files (attachments and their links), the signed HTTP webhooks and the ledger of the visitors'
 *   confirmation mails.
 *
 * And the one way a submission route's handler is built.
 */
import { randomUUID } from 'node:crypto';
import type { DeployedRouteDef } from '@shared/deployment/manifest';
import { IDEMPOTENCY_HEADER } from '@shared/contract/http';
import { httpWebhookSender } from '../adapters/http-webhook';
import { invokeSubmissionDelivery } from '../adapters/lambda-hand-off';
import { s3Files } from '../adapters/s3-files';
import { sesMail, supportRecipients } from '../adapters/ses-mail';
import { confirmationClaimsTable } from '../data/confirmation-claims';
import { submissionsTable } from '../data/submissions';
import { uploadClaimsTable } from '../data/upload-claims';
import { systemClock } from '../domain/clock';
import { acceptWithUploads } from '../domain/submissions/accept';
import type { AcceptingDeps, DeliveringDeps } from '../domain/submissions/engine';
import type { SubmissionKindDef } from '../domain/submissions/kind';
import { deliveryPlans } from '../domain/submissions/kinds';
import { setting } from '../lib/env';
import { created, httpHandler, ok } from '../lib/http';
import { idempotencyKeyFrom } from '../lib/idempotency-key';
import { engineLog } from './engine-log';

/** What the functions that accept submissions are built with: store, uploads and their claims, hand-off. */
export function acceptingDeps(): AcceptingDeps {
  return {
    store: submissionsTable,
    ports: { files: s3Files, uploadClaims: uploadClaimsTable },
    plans: deliveryPlans,
    clock: systemClock,
    handOff: invokeSubmissionDelivery,
    ...retention(),
    log: engineLog,
  };
}

/** What the functions that deliver submissions are built with: store, mail, webhooks, files. */
export function deliveringDeps(): DeliveringDeps {
  return {
    store: submissionsTable,
    ports: {
      mail: sesMail,
      // Made here rather than at module load, so a bundle that only accepts (and never calls this) drops the
      // webhook code and the signing key's reader entirely.
      webhooks: httpWebhookSender(),
      files: s3Files,
      confirmations: confirmationClaimsTable,
      mailTo: supportRecipients(),
      siteOrigin: setting('SITE_ORIGIN'),
    },
    plans: deliveryPlans,
    clock: systemClock,
    log: engineLog,
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
    const accepted = await accept(acceptingDeps(), id, body);
    return accepted.created ? created({ id: accepted.id }) : ok({ id: accepted.id });
  });
}
