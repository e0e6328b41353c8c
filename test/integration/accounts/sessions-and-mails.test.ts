/**
 * What the account triggers do in the running stack, and what global sign-out means for other sessions:
 * - the verification and reset mails carry one link each, to the site's own /auth and /update-password,
 *   with what those pages need (e-mail and code), and the links work;
 * - the profile row is created on sign-up confirmation only (a password reset does not touch it);
 * - after a global sign-out, the refresh tokens of every session are refused.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { brand } from '@shared/content/brand';
import { routes } from '@shared/contract/api';
import { dynamo } from '../../../lambdas/lib/dynamo';
import { tableName } from '../../../lambdas/lib/env';
import { cognitoClient, createConfirmedUser, signIn, uniqueEmail } from '../../helpers/cognito';
import { localStack } from '../../helpers/local-stack';
import { waitForMail, type Mail } from '../../helpers/mailbox';

const stack = localStack();
const client = cognitoClient();
const ClientId = stack.userPoolClientId;
afterAll(() => client.destroy());

/** The link of the mail's button, as a mail reader would follow it. */
function linkIn(mail: Mail): URL {
  const html = mail.body.html ?? '';
  const hrefs = [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => (m[1] as string).replaceAll('&amp;', '&'));
  const site = hrefs.filter((h) => h.startsWith(stack.env.SITE_ORIGIN as string));
  expect(site).toHaveLength(1);
  return new URL(site[0] as string);
}

async function profileRow(id: string) {
  return (await dynamo().send(new GetCommand({ TableName: tableName('profiles'), Key: { id }, ConsistentRead: true }))).Item;
}

describe('the verification mail', () => {
  it('links to /auth with the e-mail and code; using them confirms the account and creates its profile', async () => {
    const email = uniqueEmail('verify');
    const since = Date.now() - 1000;
    const { UserSub } = await client.send(
      new SignUpCommand({
        ClientId,
        Username: email,
        Password: 'secret-pass-1',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'preferred_username', Value: 'Grace' },
        ],
      }),
    );
    const mail = await waitForMail({ to: email, since });
    expect(mail.subject).toBe(`Confirm your ${brand.name} account`);
    expect(mail.body.html).toContain('Hi Grace,');
    expect(mail.body.text).toContain('Opening the link confirms your account');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.env.SITE_ORIGIN}/auth`);
    expect(link.searchParams.get('action')).toBe('confirm');
    expect(link.searchParams.get('email')).toBe(email);
    const code = link.searchParams.get('code') as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(await profileRow(UserSub as string)).toBeUndefined();

    await client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: code }));
    expect(await profileRow(UserSub as string)).toMatchObject({ id: UserSub, username: 'Grace', created_at: expect.any(String) });
  });
});

describe('the reset mail', () => {
  it('links to /update-password with the recovery marker, e-mail and code; the reset leaves the profile as it was', async () => {
    const user = await createConfirmedUser({ username: 'resetter' });
    const before = await profileRow(user.sub);
    const since = Date.now() - 1000;
    await client.send(new ForgotPasswordCommand({ ClientId, Username: user.email }));
    const mail = await waitForMail({ to: user.email, since, subject: 'Reset your' });
    expect(mail.subject).toBe(`Reset your ${brand.name} password`);
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.env.SITE_ORIGIN}/update-password`);
    const hash = new URLSearchParams(link.hash.slice(1));
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('email')).toBe(user.email);

    await client.send(
      new ConfirmForgotPasswordCommand({ ClientId, Username: user.email, ConfirmationCode: hash.get('code') as string, Password: 'brand-new-1' }),
    );
    await expect(signIn(user.email, 'brand-new-1')).resolves.toMatchObject({ accessToken: expect.any(String) });
    expect(await profileRow(user.sub)).toEqual(before);
  });
});

describe('global sign-out', () => {
  it('refuses the refresh tokens of every session afterwards; signing in again works', async () => {
    const user = await createConfirmedUser();
    const laptop = await signIn(user.email, user.password);
    const phone = await signIn(user.email, user.password);

    await client.send(new GlobalSignOutCommand({ AccessToken: laptop.accessToken }));

    for (const session of [laptop, phone]) {
      await expect(client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: session.refreshToken }))).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
      await expect(
        client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: session.refreshToken } })),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }

    const again = await signIn(user.email, user.password);
    const response = await fetch(`${stack.apiUrl}${routes.getProfile.path}`, { headers: { authorization: `Bearer ${again.accessToken}` } });
    expect(response.status).toBe(200);
  });
});
