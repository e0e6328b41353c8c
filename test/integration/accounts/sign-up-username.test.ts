/**
 * One username rule wherever a username is set: sign-up goes straight from the browser to Cognito, so the
 * pre-sign-up trigger (lambdas/triggers/pre-sign-up.ts) checks `preferred_username` with the profile's own
 * schema (shared/contract/schemas/auth.ts `usernameField`). A refused username creates no account, sends no
 * mail, and comes back as Cognito words a trigger's refusal: "PreSignUp failed with error <the schema's message>."
 * (the sign-up form shows the message in between, web/src/features/accounts/utils/auth-errors.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { AdminGetUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { authMessages } from '@shared/contract/schemas/auth';
import { fieldMessages } from '@shared/contract/schemas/fields';
import { cognitoClient, uniqueEmail } from '../../helpers/cognito';
import { localStack } from '../../helpers/local-stack';
import { listMails, waitForMail } from '../../helpers/mailbox';

const stack = localStack();
const client = cognitoClient();
afterAll(() => client.destroy());

async function signUp(email: string, username: string | undefined) {
  return client.send(
    new SignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: email,
      Password: 'secret-pass-1',
      UserAttributes: [{ Name: 'email', Value: email }, ...(username === undefined ? [] : [{ Name: 'preferred_username', Value: username }])],
    }),
  );
}

async function exists(email: string): Promise<boolean> {
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

const refused: [string, string | undefined, string][] = [
  ['an image tag', '<img src=x onerror=alert(1)>', fieldMessages.markup('Username')],
  ['a half-open image tag', '<img src=x onerror=alert(1) ', fieldMessages.markup('Username')],
  ['a right-to-left override', 'ab\u202egnp.exe', fieldMessages.notAllowed('Username')],
  ['a CR/LF', 'Ada\r\nBcc: victim@example.com', fieldMessages.oneLine('Username')],
  ['tag characters', `Ada${String.fromCodePoint(0xe0069, 0xe0067)}`, fieldMessages.notAllowed('Username')],
  ['300 characters', 'a'.repeat(300), authMessages.usernameTooLong],
  ['two characters', 'ab', authMessages.username],
  ['no username at all', undefined, authMessages.username],
];

describe('sign-up enforces the profile’s username rule (pre-sign-up trigger)', () => {
  for (const [what, username, message] of refused) {
    it(`refuses ${what} with "${message}", and creates no account`, async () => {
      const email = uniqueEmail('badname');
      const since = Date.now() - 1000;
      const error = await signUp(email, username).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect({ name: error?.name, message: error?.message }).toEqual({
        name: 'UserLambdaValidationException',
        message: `PreSignUp failed with error ${message}.`,
      });
      expect(await exists(email)).toBe(false);
      expect(await listMails({ to: email, since })).toEqual([]);
    });
  }

  it('accepts a username that passes the rule (letters of any script, emoji), as before', async () => {
    const email = uniqueEmail('goodname');
    const since = Date.now() - 1000;
    const { UserSub } = await signUp(email, '  Zoë 山田 👩‍💻 ');
    expect(UserSub).toEqual(expect.any(String));
    const mail = await waitForMail({ to: email, since });
    expect(mail.body.html).toContain('Hi Zoë 山田 👩‍💻,');
  });
});
