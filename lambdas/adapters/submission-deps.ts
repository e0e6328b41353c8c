/** The real wiring of the submission domain: DynamoDB store, SES mail, S3 files, HTTP webhooks, logger. */
import { submissionsTable } from '../data/submissions';
import { deliveryPlans } from '../domain/delivery-plans';
import { systemClock } from '../domain/ports';
import type { SubmissionDeps } from '../domain/submissions';
import { setting } from '../lib/env';
import { logger } from '../lib/logger';
import { httpWebhooks } from './http-webhook';
import { s3Files } from './s3-files';
import { sesMail, supportRecipients } from './ses-mail';

export function submissionDeps(): SubmissionDeps {
  return {
    store: submissionsTable,
    ports: {
      mail: sesMail,
      webhooks: httpWebhooks,
      files: s3Files,
      mailTo: supportRecipients(),
      siteOrigin: setting('SITE_ORIGIN'),
    },
    plans: deliveryPlans,
    clock: systemClock,
    log: {
      info: (m, d) => logger.info(m, d ?? {}),
      warn: (m, d) => logger.warn(m, d ?? {}),
      error: (m, d) => logger.error(m, d ?? {}),
    },
  };
}
