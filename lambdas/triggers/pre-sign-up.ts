/**
 * Cognito pre-sign-up trigger: the profile's username rule on every sign-up. Sign-up goes from the browser
 * straight to Cognito, so the form's own check can be skipped by anyone calling Cognito's API; this trigger
 * applies the same shared schema there (lambdas/domain/accounts/username.ts). A refused username fails the
 * sign-up: Cognito answers `UserLambdaValidationException` "PreSignUp failed with error <message>." with the
 * schema's message, which the sign-up form shows on its Username field. Nothing is created or mailed.
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { userPool } from '@shared/deployment/manifest';
import { usernameProblem } from '../domain/accounts/username';
import { lambdaHandler } from '../lib/lambda';
import { logger } from '../lib/logger';

/** Thrown to refuse the sign-up; Cognito hands its message to the caller. */
class UsernameRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsernameRefused';
  }
}

export const handler = lambdaHandler(undefined, [], async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  // An account an operator creates or a federated sign-in has no username from a form; Cognito's own rules apply.
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  const problem = usernameProblem(event.request.userAttributes[userPool.usernameAttribute]);
  if (problem) {
    // The value itself stays out of the logs: it is whatever the caller sent.
    logger.info('sign-up refused: username', { problem });
    throw new UsernameRefused(problem);
  }
  return event;
});
