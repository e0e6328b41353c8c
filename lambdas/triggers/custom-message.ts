/**
 * Cognito custom-message trigger: writes the verification and password-reset mails so their links land on the
 * site (SITE_ORIGIN) instead of showing a bare code. Other message kinds keep Cognito's defaults.
 * The mail texts live in lambdas/domain/accounts/auth-messages.ts.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { brand } from '@shared/content/brand';
import { accountMail, type AccountMailKind } from '../domain/accounts/auth-messages';
import { setting } from '../lib/env';
import { lambdaHandler } from '../lib/lambda';
import { logger } from '../lib/logger';

const kinds: Partial<Record<CustomMessageTriggerEvent['triggerSource'], AccountMailKind>> = {
  CustomMessage_SignUp: 'verifySignUp',
  CustomMessage_ResendCode: 'verifySignUp',
  CustomMessage_ForgotPassword: 'resetPassword',
};

export const handler = lambdaHandler(undefined, [], async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const kind = kinds[event.triggerSource];
  if (!kind) return event;
  const siteOrigin = setting('SITE_ORIGIN');
  const email = event.request.userAttributes.email;
  if (!siteOrigin || !email) {
    // Without an origin or an address the link cannot be built; Cognito's default message still gets the code out.
    logger.error('custom message left at default', { triggerSource: event.triggerSource, hasOrigin: Boolean(siteOrigin) });
    return event;
  }
  const mail = accountMail({
    kind,
    siteOrigin,
    brand,
    email,
    username: event.request.userAttributes.preferred_username,
    codeParameter: event.request.codeParameter,
  });
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = mail.html;
  return event;
});
