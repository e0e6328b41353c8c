/**
 * What Cognito says about the signed-in caller, asked with the caller's own access token (GetUser: no IAM grant,
 * the token is the authorisation), so a function learns the account's verified e-mail without trusting the
 * request body.
 */
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/cognito';

/**
 * What Cognito says of the session behind an access token: live (with the account's enabled second factors and the
 * preferred one, Cognito's names: `SOFTWARE_TOKEN_MFA` is an authenticator app), or refused.
 */
export type CognitoSession =
  | { readonly live: true; readonly mfa: readonly string[]; readonly preferredMfa?: string }
  | { readonly live: false; readonly reason: string };

/**
 * Cognito refuses the token itself: revoked (a sign-out everywhere, a deleted account), expired, or its user gone.
 * Anything else (throttling, Cognito unreachable) is thrown: the request fails closed, never as a live session.
 */
const refusals = new Set(['NotAuthorizedException', 'UserNotFoundException', 'PasswordResetRequiredException', 'UserNotConfirmedException']);

/** The session behind `accessToken`, asked of Cognito (GetUser: the token is its own authorisation, no IAM grant). */
export async function sessionOf(accessToken: string): Promise<CognitoSession> {
  try {
    const out = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
    return { live: true, mfa: out.UserMFASettingList ?? [], ...(out.PreferredMfaSetting ? { preferredMfa: out.PreferredMfaSetting } : {}) };
  } catch (error) {
    const name = (error as Error)?.name;
    if (refusals.has(name)) return { live: false, reason: `${name}: ${(error as Error).message}` };
    throw error;
  }
}

/** The account's e-mail when Cognito marks it verified; undefined otherwise. */
export async function verifiedEmailOf(accessToken: string): Promise<string | undefined> {
  const out = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
  const attribute = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
  return attribute('email_verified') === 'true' ? attribute('email') : undefined;
}
