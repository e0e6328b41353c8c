/**
 * Cognito post-confirmation trigger: creates the account's `profiles` row ({ id: sub, username, created_at })
 * when a sign-up is confirmed. Cognito also fires this trigger after a confirmed password reset; that must not
 * touch the profile. The write is conditional, so a retried invocation never overwrites a renamed profile.
 * Throwing here makes Cognito fail the confirmation, which is right: an account without a profile is broken.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { newProfiles } from '../composition/accounts';
import { createProfileOnConfirmation } from '../domain/accounts/profile';
import { lambdaHandler } from '../lib/lambda';
import { logger } from '../lib/logger';

export const handler = lambdaHandler('authPostConfirmation', [], async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const sub = attributes.sub;
  if (!sub) throw new Error('post-confirmation event without a sub');
  const { created } = await createProfileOnConfirmation(newProfiles, {
    sub,
    preferredUsername: attributes.preferred_username,
    email: attributes.email,
  });
  logger.info(created ? 'profile created' : 'profile already existed', { sub });
  return event;
});
