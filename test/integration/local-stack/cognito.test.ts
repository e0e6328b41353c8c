/**
 * The local user pool (cognito-local plus the stack's gap-fillers), driven through the Cognito API the way
 * Amplify v6 drives it: sign-up with the code from the local mailbox, sign-in, refresh with
 * GetTokensFromRefreshToken, global sign-out, password reset and change, all under the pool's password policy.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AdminSetUserPasswordCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lambdas/lib/dynamo';
import { tableName } from '../../../lambdas/lib/env';
import { userPool } from '@shared/deployment/manifest';
import { cognitoClient, createConfirmedUser, signIn, uniqueEmail } from '../../helpers/cognito';
import { accessClaims, decodeJwtPayload, unsignedJwt } from '../../helpers/jwt';
import { localStack } from '../../helpers/local-stack';
import { codeIn, listMails, waitForMail } from '../../helpers/mailbox';

const stack = localStack();
const client = cognitoClient();
const ClientId = stack.userPoolClientId;
const shortPassword = 'x'.repeat(userPool.passwordPolicy.minLength - 1);
const policyError = { name: 'InvalidPasswordException', message: 'Password did not conform with policy: Password not long enough' };

afterAll(() => client.destroy());

async function signUp(email: string, password = 'secret-pass-1', username = 'tester') {
  return client.send(
    new SignUpCommand({
      ClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'preferred_username', Value: username }],
    }),
  );
}

describe('sign-up and confirmation', () => {
  it(`refuses a password shorter than ${userPool.passwordPolicy.minLength} characters with Cognito's error`, async () => {
    const email = uniqueEmail('short');
    await expect(signUp(email, shortPassword)).rejects.toMatchObject(policyError);
    // Nothing was created: the same address can sign up with a valid password.
    await expect(signUp(email, 'x'.repeat(userPool.passwordPolicy.minLength))).resolves.toMatchObject({ UserConfirmed: false });
  });

  it('mails the code (through the custom-message trigger) to the local mailbox; confirming verifies the e-mail and creates the profile', async () => {
    const email = uniqueEmail('signup');
    const since = Date.now() - 1000;
    const result = await signUp(email, 'secret-pass-1', 'ann_local');
    // Cognito does not reveal the address it mailed.
    expect(result.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(result.CodeDeliveryDetails?.Destination).toMatch(/^s\*\*\*@e\*\*\*$/);

    const mail = await waitForMail({ to: email, since });
    // The trigger's link lands on the site itself.
    expect(mail.body.html).toContain(stack.env.SITE_ORIGIN);
    await expect(client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'secret-pass-1' } }))).rejects.toMatchObject({
      name: 'UserNotConfirmedException',
    });

    await client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: codeIn(mail) }));
    const tokens = await signIn(email, 'secret-pass-1');
    const user = await client.send(new GetUserCommand({ AccessToken: tokens.accessToken }));
    const attributes = Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
    expect(attributes).toMatchObject({ email, email_verified: 'true', preferred_username: 'ann_local', sub: result.UserSub });

    // The post-confirmation trigger wrote the account's profile row.
    const profile = await dynamo().send(new GetCommand({ TableName: tableName('profiles'), Key: { id: result.UserSub } }));
    expect(profile.Item).toMatchObject({ id: result.UserSub });
  });

  it('resends a new code that replaces the first one', async () => {
    const email = uniqueEmail('resend');
    const since = Date.now() - 1000;
    await signUp(email);
    const first = codeIn(await waitForMail({ to: email, since }));
    const resent = await client.send(new ResendConfirmationCodeCommand({ ClientId, Username: email }));
    expect(resent.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const mails = await (async () => {
      for (let i = 0; i < 50; i++) {
        const found = await listMails({ to: email, since });
        if (found.length >= 2) return found;
        await sleep(100);
      }
      throw new Error('no second mail');
    })();
    const second = codeIn(mails.at(-1) as (typeof mails)[number]);
    // (Two random 6-digit codes collide once in a million runs.)
    expect(second).not.toBe(first);
    await expect(client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: first }))).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    await client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: second }));
    await expect(client.send(new ResendConfirmationCodeCommand({ ClientId, Username: email }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });
});

describe('sign-in, refresh and sign-out', () => {
  it('answers a wrong password or an unknown address the same way, as Cognito does', async () => {
    const user = await createConfirmedUser();
    const attempt = (USERNAME: string, PASSWORD: string) =>
      client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME, PASSWORD } }));
    const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    await expect(attempt(user.email, 'wrong-password')).rejects.toMatchObject(incorrect);
    await expect(attempt(uniqueEmail('nobody'), 'whatever-1')).rejects.toMatchObject(incorrect);
  });

  it('issues tokens the pool signs, refreshes them with GetTokensFromRefreshToken, and revokes every refresh token on global sign-out', async () => {
    const user = await createConfirmedUser();
    const first = await signIn(user.email, user.password);
    const claims = decodeJwtPayload(first.accessToken);
    expect(claims).toMatchObject({ token_use: 'access', client_id: ClientId, iss: stack.issuer, sub: user.sub });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(userPool.accessTokenMinutes * 60);

    const refreshed = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: first.refreshToken }));
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();
    expect(refreshed.AuthenticationResult?.ExpiresIn).toBe(userPool.accessTokenMinutes * 60);
    const me = await client.send(new GetUserCommand({ AccessToken: refreshed.AuthenticationResult?.AccessToken }));
    expect(me.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(user.email);

    // Tokens issued in the second of the sign-out stay valid (a sign-in right after must work): step past it.
    await sleep(1100);
    await client.send(new GlobalSignOutCommand({ AccessToken: first.accessToken }));

    await expect(client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: first.refreshToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    await expect(
      client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: first.refreshToken } })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(client.send(new GetUserCommand({ AccessToken: first.accessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });

    // Signing in again gives a working session.
    const again = await signIn(user.email, user.password);
    await expect(client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: again.refreshToken }))).resolves.toBeTruthy();
  });

  it('refuses calls with an unsigned (alg: none) or expired access token', async () => {
    const user = await createConfirmedUser();
    const forged = unsignedJwt(accessClaims({ issuer: stack.issuer, clientId: ClientId, sub: user.sub }));
    await expect(client.send(new GetUserCommand({ AccessToken: forged }))).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Access Token' });
    await expect(client.send(new GlobalSignOutCommand({ AccessToken: forged }))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('passwords and attributes', () => {
  it('changes a password only with the previous one and within the policy', async () => {
    const user = await createConfirmedUser();
    const { accessToken } = await signIn(user.email, user.password);
    await expect(
      client.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: user.password, ProposedPassword: shortPassword })),
    ).rejects.toMatchObject(policyError);
    await expect(
      client.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: 'not-my-password', ProposedPassword: 'brand-new-1' })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await client.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: user.password, ProposedPassword: 'brand-new-1' }));
    await expect(signIn(user.email, user.password)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(signIn(user.email, 'brand-new-1')).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('mails a reset code; the new password must meet the policy and the code must match', async () => {
    const user = await createConfirmedUser();
    const since = Date.now() - 1000;
    const forgot = await client.send(new ForgotPasswordCommand({ ClientId, Username: user.email }));
    expect(forgot.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const code = codeIn(await waitForMail({ to: user.email, since }));
    const confirm = (Password: string, ConfirmationCode: string) =>
      client.send(new ConfirmForgotPasswordCommand({ ClientId, Username: user.email, Password, ConfirmationCode }));
    await expect(confirm(shortPassword, code)).rejects.toMatchObject(policyError);
    await expect(confirm('reset-pass-1', code === '000000' ? '111111' : '000000')).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await confirm('reset-pass-1', code);
    await expect(signIn(user.email, 'reset-pass-1')).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('does not reveal whether an address has an account when asked for a reset', async () => {
    const forgot = await client.send(new ForgotPasswordCommand({ ClientId, Username: uniqueEmail('ghost') }));
    expect(forgot.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
  });

  it('applies the policy to passwords an administrator sets', async () => {
    const user = await createConfirmedUser();
    await expect(
      client.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.userPoolId, Username: user.email, Password: shortPassword, Permanent: true })),
    ).rejects.toMatchObject(policyError);
    await client.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.userPoolId, Username: user.email, Password: 'admin-set-1', Permanent: true }));
    await expect(signIn(user.email, 'admin-set-1')).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('updates the username attribute', async () => {
    const user = await createConfirmedUser({ username: 'before_name' });
    const { accessToken } = await signIn(user.email, user.password);
    await client.send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: [{ Name: 'preferred_username', Value: 'after_name' }] }));
    const me = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(me.UserAttributes?.find((a) => a.Name === 'preferred_username')?.Value).toBe('after_name');
  });
});

describe('browser access', () => {
  it('lets the site call the pool from the browser (CORS preflight)', async () => {
    const preflight = await fetch(stack.endpoints.cognito, {
      method: 'OPTIONS',
      headers: {
        origin: stack.siteUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });

  it('serves the JWKS the authorizer verifies against', async () => {
    const jwks = (await (await fetch(`${stack.endpoints.cognito}/${stack.userPoolId}/.well-known/jwks.json`)).json()) as { keys: { kid: string; alg: string }[] };
    expect(jwks.keys[0]).toMatchObject({ kid: 'CognitoLocal', alg: 'RS256' });
  });
});
