/**
 * What Cognito says about the signed-in caller, asked with the caller's own access token (GetUser: no IAM grant,
 * the token is the authorisation), so a function learns the account's verified e-mail without trusting the
 * request body.
 */
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/cognito';

/** The account's e-mail when Cognito marks it verified; undefined otherwise. */
export async function verifiedEmailOf(accessToken: string): Promise<string | undefined> {
  const out = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
  const attribute = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
  return attribute('email_verified') === 'true' ? attribute('email') : undefined;
}
