/**
 * Accounts in the local user pool for tests: the same Cognito API calls Amplify makes (SignUp, ConfirmSignUp
 * with the code from the local mailbox, InitiateAuth USER_PASSWORD_AUTH), through the SDK.
 */
import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { localStack, sdkConfig, type LocalStackDescription } from './local-stack';
import { codeIn, waitForMail } from './mailbox';

export function cognitoClient(stack: LocalStackDescription = localStack()): CognitoIdentityProviderClient {
  // No retries: an unsupported call must fail at once, not three times.
  return new CognitoIdentityProviderClient({ ...sdkConfig(stack), endpoint: stack.endpoints.cognito, maxAttempts: 1 });
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export interface TestUser {
  email: string;
  password: string;
  username: string;
  sub: string;
}

/** Signs up and confirms with the code mailed to the local mailbox, as a visitor would. */
export async function createConfirmedUser(
  opts: { email?: string; password?: string; username?: string; stack?: LocalStackDescription } = {},
): Promise<TestUser> {
  const stack = opts.stack ?? localStack();
  const client = cognitoClient(stack);
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'secret-pass-1';
  const username = opts.username ?? 'tester';
  const since = Date.now() - 1000;
  const signUp = await client.send(
    new SignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: email,
      Password: password,
      // Sign-up needs a username (the pre-sign-up trigger applies the profile's rule), as the form always sends one.
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'preferred_username', Value: username }],
    }),
  );
  const mail = await waitForMail({ to: email, since, mailboxUrl: stack.mailboxUrl });
  await client.send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: codeIn(mail) }));
  client.destroy();
  return { email, password, username, sub: signUp.UserSub as string };
}

export async function signIn(email: string, password: string, stack: LocalStackDescription = localStack()): Promise<Tokens> {
  const client = cognitoClient(stack);
  const result = await client.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  client.destroy();
  const auth = result.AuthenticationResult;
  if (!auth?.AccessToken || !auth.IdToken || !auth.RefreshToken) throw new Error('Sign-in returned no tokens');
  return { accessToken: auth.AccessToken, idToken: auth.IdToken, refreshToken: auth.RefreshToken };
}
