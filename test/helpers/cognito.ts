/**
 * Accounts in the local user pool for tests: the same Cognito API calls Amplify makes (SignUp, ConfirmSignUp
 * with the code from the local mailbox, InitiateAuth USER_PASSWORD_AUTH), through the SDK.
 */
import { randomUUID } from 'node:crypto';
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { Secret, TOTP } from 'otpauth';
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

function tokensOf(auth: AuthenticationResultType | undefined): Tokens {
  if (!auth?.AccessToken || !auth.IdToken || !auth.RefreshToken) throw new Error('Sign-in returned no tokens');
  return { accessToken: auth.AccessToken, idToken: auth.IdToken, refreshToken: auth.RefreshToken };
}

/**
 * Signs in with a password (USER_PASSWORD_AUTH, as the site does locally), and with the authenticator app's code
 * when Cognito asks for it (the account has one: pass `totpSecret`, see setUpAuthenticator).
 */
export async function signIn(email: string, password: string, stack: LocalStackDescription = localStack(), totpSecret?: string): Promise<Tokens> {
  const client = cognitoClient(stack);
  try {
    const result = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA' && totpSecret) {
      const answer = await client.send(
        new RespondToAuthChallengeCommand({
          ClientId: stack.userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: result.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret) },
        }),
      );
      return tokensOf(answer.AuthenticationResult);
    }
    if (result.ChallengeName) throw new Error(`Sign-in asked for ${result.ChallengeName}`);
    return tokensOf(result.AuthenticationResult);
  } finally {
    client.destroy();
  }
}

/** The code an authenticator app shows now for `secret` (RFC 6238: SHA-1, 6 digits, 30 s), made by otpauth. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });
}

/**
 * What a member does in the console's setup (AssociateSoftwareToken, VerifySoftwareToken with the app's code,
 * SetUserMFAPreference: enabled and preferred), with the session's access token; answers the app's secret.
 */
export async function setUpAuthenticator(accessToken: string, stack: LocalStackDescription = localStack()): Promise<string> {
  const client = cognitoClient(stack);
  try {
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!SecretCode) throw new Error('AssociateSoftwareToken returned no secret');
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode), FriendlyDeviceName: 'test' }));
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    return SecretCode;
  } finally {
    client.destroy();
  }
}
