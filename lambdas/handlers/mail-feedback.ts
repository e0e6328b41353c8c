/**
 * SES's bounce and complaint events for the stage's configuration set, delivered through SNS (deployed: the mail
 * construct's event destination; locally a test invokes it the same way): each permanent bounce or complaint
 * suppresses its address for visitor mail (lambdas/domain/submissions/mail-feedback.ts). A message that is not
 * SES JSON is logged and dropped: SNS would otherwise deliver it again and again.
 */
import type { SNSEvent } from 'aws-lambda';
import { mailFeedbackDeps } from '../composition/mail-feedback';
import { recordMailFeedback, type SesFeedback } from '../domain/submissions/mail-feedback';
import { lambdaHandler } from '../lib/lambda';
import { logger } from '../lib/logger';

export const handler = lambdaHandler('mailFeedback', [], async (event: SNSEvent) => {
  let suppressed = 0;
  for (const record of event.Records ?? []) {
    let message: SesFeedback;
    try {
      message = JSON.parse(record.Sns?.Message ?? '') as SesFeedback;
    } catch {
      logger.warn('mail feedback that is not SES JSON dropped', { messageId: record.Sns?.MessageId });
      continue;
    }
    suppressed += await recordMailFeedback(mailFeedbackDeps.suppression, message, mailFeedbackDeps.clock.now());
  }
  if (suppressed > 0) logger.info('addresses suppressed', { suppressed });
  return { suppressed };
});
