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
import { confirmationLedger } from '../data/confirmation-claims';
import { deliveryStore, dueSubmissions, submissionIntake } from '../data/submissions';
import { uploadClaims } from '../data/upload-claims';
import { mailBudget, suppressedAddresses } from '../data/visitor-mail';
import { parseVisitorMailCaps, type VisitorMailGuard } from '../domain/submissions/visitor-mail';
import { systemClock } from '../domain/clock';
import { acceptWithUploads } from '../domain/submissions/accept';
import type { AcceptingDeps, DeliveringDeps } from '../domain/submissions/engine';
import type { RetryingDeps } from '../domain/submissions/retry-job';
import type { SubmissionKindDef } from '../domain/submissions/kind';
import type { UploadClaims } from '../domain/submissions/ports';
import { deliveryPlans } from '../domain/submissions/kinds';
import { setting } from '../lib/env';
import { created, httpHandler, ok } from '../lib/http';
import { idempotencyKeyFrom } from '../lib/idempotency-key';
import { bookingMailPorts } from './bookings';
import { engineLog } from './engine-log';
import { leadFigures } from './overview';

/** What the functions that accept submissions are built with: store, uploads and their claims, hand-off. */
export function acceptingDeps(claims: UploadClaims): AcceptingDeps {
  return {
    store: submissionIntake,
    ports: { files: s3Files, uploadClaims: claims },
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
    store: deliveryStore,
    ports: {
      mail: sesMail,
      // Made here rather than at module load, so a bundle that only accepts (and never calls this) drops the
      // webhook code and the signing key's reader entirely.
      webhooks: httpWebhookSender(),
      files: s3Files,
      confirmations: confirmationLedger,
      visitorMail: visitorMailGuard(),
      mailTo: supportRecipients(),
      siteOrigin: setting('SITE_ORIGIN'),
      bookings: bookingMailPorts(),
    },
    plans: deliveryPlans,
    clock: systemClock,
    log: engineLog,
    leadFigures,
  };
}

/** What every mail to a visitor passes first: the stage's sandbox setting and caps, its counters, suppressed addresses. */
function visitorMailGuard(): VisitorMailGuard {
  return {
    sandbox: setting('MAIL_SANDBOX') === 'true',
    caps: parseVisitorMailCaps(setting('VISITOR_MAIL_CAPS')),
    budget: mailBudget,
    suppressed: suppressedAddresses,
    now: () => systemClock.now(),
  };
}

/** The retry job's: delivering, and the list of what is due (the one Query of the pendingDeliveries index). */
export function retryingDeps(): RetryingDeps {
  return { ...deliveringDeps(), store: { ...deliveryStore, ...dueSubmissions } };
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
  return handlerOf(route, def, () => acceptingDeps(noUploads));
}

/**
 * The same for a form that takes uploads (its files claimed in the uploadClaims table). `extra`: what the answer
 * carries besides the id (a demo request's booking link token).
 */
export function submissionWithUploadsHandler<R extends object, D>(route: DeployedRouteDef, def: SubmissionKindDef<R, D>, extra?: AnswerExtra) {
  return handlerOf(route, def, () => acceptingDeps(uploadClaims), extra);
}

type AnswerExtra = (id: string) => Promise<Record<string, unknown>>;

/**
 * The claims of a form without uploads: never asked (a kind without file rules is refused before any claim), and
 * the uploadClaims table's code stays out of its function's bundle and its role.
 */
const noUploads: UploadClaims = {
  get: async () => undefined,
  claim: async () => 'refused',
};

function handlerOf<R extends object, D>(route: DeployedRouteDef, def: SubmissionKindDef<R, D>, deps: () => AcceptingDeps, extra?: AnswerExtra) {
  const accept = acceptWithUploads(def);
  return httpHandler(route, def.schema, async ({ body, headers }) => {
    const id = idempotencyKeyFrom(headers[IDEMPOTENCY_HEADER], randomUUID);
    const accepted = await accept(deps(), id, body);
    const answer = { id: accepted.id, ...(extra ? await extra(accepted.id) : {}) };
    return accepted.created ? created(answer) : ok(answer);
  });
}
