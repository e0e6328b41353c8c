/**
 * Amplify v6 (the library the site uses), unchanged, against the local user pool: configured exactly as the
 * site configures it from /config.json, every account flow the site offers works end to end, including the
 * calls cognito-local lacks on its own (ResendConfirmationCode, GetTokensFromRefreshToken, GlobalSignOut).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contract/runtime-config';
import { routes, userPool } from '@shared/deployment/manifest';
import { GetTokensFromRefreshTokenCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, uniqueEmail } from '../../helpers/cognito';
import { localStack } from '../../helpers/local-stack';
import { codeIn, listMails, waitForMail } from '../../helpers/mailbox';

const stack = localStack();
let config: RuntimeConfig;

beforeAll(async () => {
  // What the site does at start: read /config.json, configure Amplify from it.
  config = runtimeConfigSchema.parse(await (await fetch(`${stack.siteUrl}/config.json`)).json());
  Amplify.configure({
    Auth: { Cognito: { userPoolId: config.auth.userPoolId, userPoolClientId: config.auth.userPoolClientId, userPoolEndpoint: config.auth.userPoolEndpoint } },
  });
});

async function newestCode(email: string, since: number, count: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = await listMails({ to: email, since });
    if (mails.length >= count) return codeIn(mails.at(-1) as (typeof mails)[number]);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`expected ${count} mail(s) to ${email}`);
}

describe('Amplify v6 auth against the local pool', () => {
  const email = uniqueEmail('amplify');
  const signInOptions = () => ({ authFlowType: config.auth.authFlowType });

  it('signs up (password policy enforced), resends the code and confirms', async () => {
    const since = Date.now() - 1000;
    await expect(signUp({ username: email, password: 'short', options: { userAttributes: { email } } })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    const result = await signUp({ username: email, password: 'first-pass', options: { userAttributes: { email, preferred_username: 'amplify_user' } } });
    expect(result.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    await newestCode(email, since, 1);
    const resent = await resendSignUpCode({ username: email });
    expect(resent.deliveryMedium).toBe('EMAIL');
    const code = await newestCode(email, since, 2);
    const confirmed = await confirmSignUp({ username: email, confirmationCode: code });
    expect(confirmed.isSignUpComplete).toBe(true);
  });

  it('signs in with USER_PASSWORD_AUTH and reads the attributes', async () => {
    const result = await signIn({ username: email, password: 'first-pass', options: signInOptions() });
    expect(result.isSignedIn).toBe(true);
    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({ email, email_verified: 'true', preferred_username: 'amplify_user' });
  });

  it("calls the API with the session's access token", async () => {
    const session = await fetchAuthSession();
    const token = session.tokens?.accessToken.toString();
    const response = await fetch(`${stack.apiUrl}${routes.getProfile.path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
  });

  it('refreshes the tokens (GetTokensFromRefreshToken)', async () => {
    const before = await fetchAuthSession();
    await new Promise((r) => setTimeout(r, 1100)); // a new token needs a new second
    const after = await fetchAuthSession({ forceRefresh: true });
    expect(after.tokens?.accessToken.toString()).toBeTruthy();
    expect(after.tokens?.accessToken.toString()).not.toBe(before.tokens?.accessToken.toString());
    expect(after.tokens?.accessToken.payload.exp).toBe(Number(after.tokens?.accessToken.payload.iat) + userPool.accessTokenMinutes * 60);
  });

  it('updates the username attribute and the password (policy enforced)', async () => {
    await updateUserAttributes({ userAttributes: { preferred_username: 'renamed_user' } });
    expect((await fetchUserAttributes()).preferred_username).toBe('renamed_user');
    await expect(updatePassword({ oldPassword: 'first-pass', newPassword: 'abc' })).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await expect(updatePassword({ oldPassword: 'not-the-password', newPassword: 'second-pass' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await updatePassword({ oldPassword: 'first-pass', newPassword: 'second-pass' });
  });

  it('signs out everywhere: the old refresh token no longer works', async () => {
    expect((await fetchAuthSession()).tokens?.accessToken).toBeTruthy();
    // Amplify keeps its refresh token to itself: a second session (another device) shows the sign-out reached it.
    const client = cognitoClient();
    const other = await client.send(
      new InitiateAuthCommand({ ClientId: stack.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'second-pass' } }),
    );
    await signOut({ global: true });
    await expect(
      client.send(new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: other.AuthenticationResult?.RefreshToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    client.destroy();
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it('resets a forgotten password with the mailed code, then signs in and out', async () => {
    const since = Date.now() - 1000;
    const reset = await resetPassword({ username: email });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    const code = codeIn(await waitForMail({ to: email, since }));
    await expect(confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'short' })).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'third-pass' });
    expect((await signIn({ username: email, password: 'third-pass', options: signInOptions() })).isSignedIn).toBe(true);
    await signOut();
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });
});
