/** The real wiring of the submission domain: DynamoDB store, SES mail, S3 files, HTTP webhooks, logger. */
import { submissionsTable } from '../data/submissions';
import { deliveryPlans } from '../domain/submissions/kinds/index';
import { systemClock } from '../domain/submissions/ports';
import type { SubmissionDeps } from '../domain/submissions/engine';
import { setting } from '../lib/env';
import { logger } from '../lib/logger';
import { httpWebhooks } from '../adapters/http-webhook';
import { s3Files } from '../adapters/s3-files';
import { sesMail, supportRecipients } from '../adapters/ses-mail';

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
