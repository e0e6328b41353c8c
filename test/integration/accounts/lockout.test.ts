/**
 * Guessing is slowed: the local Cognito applies Cognito's own lockout (shared/deployment/manifest.ts
 * `userPool.lockout`; deployed it is built into every user pool). After 5 failures at a user's password, sign-up
 * code or reset code, the next failure locks that flow for the user: 1 s, doubling with every further failure, up to
 * 15 minutes. While locked, even the right password or code is refused: "Password attempts exceeded"
 * (NotAuthorizedException, which the sign-in form shows as the spec's 'Invalid login credentials') or "Attempt
 * limit exceeded, please try after some time." (LimitExceededException). Once the lock has passed, the right one
 * goes through and the count starts again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { userPool } from '@shared/deployment/manifest';
import { cognitoClient, createConfirmedUser, uniqueEmail } from '../../helpers/cognito';
import { localStack } from '../../helpers/local-stack';
import { codeIn, waitForMail } from '../../helpers/mailbox';

const stack = localStack();
const client = cognitoClient();
const ClientId = stack.userPoolClientId;
afterAll(() => client.destroy());

const { freeFailures, firstLockSeconds } = userPool.lockout;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a call answered: 'ok', or the error's name and message. */
async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

/**
 * Fails `attempt` as Cognito counts it: the free failures at once, then one more once the first lock has passed,
 * which locks for twice as long (2 s) and leaves time to show that the right answer is refused.
 */
async function failUntilLocked(attempt: () => Promise<string>, failure: string): Promise<void> {
  const answers: string[] = [];
  for (let i = 0; i < freeFailures; i++) answers.push(await attempt());
  await sleep(firstLockSeconds * 1000 + 200);
  answers.push(await attempt());
  expect(answers).toEqual(Array(freeFailures + 1).fill(failure));
}

const passwordLocked = 'NotAuthorizedException: Password attempts exceeded';
const codeLocked = 'LimitExceededException: Attempt limit exceeded, please try after some time.';

const signIn = (email: string, password: string) =>
  outcome(() => client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } })));

describe('the lockout Cognito applies to guessing, played by the local Cognito', () => {
  it('sign-in: after the failures, even the right password is refused until the lock has passed', async () => {
    const user = await createConfirmedUser();
    const other = await createConfirmedUser();
    await failUntilLocked(() => signIn(user.email, 'wrong-password'), 'NotAuthorizedException: Incorrect username or password.');
    expect(await signIn(user.email, user.password)).toBe(passwordLocked);
    // Only this user's sign-in is locked.
    expect(await signIn(other.email, other.password)).toBe('ok');
    await sleep(2 * firstLockSeconds * 1000 + 300);
    expect(await signIn(user.email, user.password)).toBe('ok');
    // The count starts again after a successful sign-in.
    expect(await signIn(user.email, 'wrong-password')).toBe('NotAuthorizedException: Incorrect username or password.');
    expect(await signIn(user.email, user.password)).toBe('ok');
  });

  it('sign-in of an address without an account locks the same way, so the answers do not tell the two apart', async () => {
    const email = uniqueEmail('nobody');
    await failUntilLocked(() => signIn(email, 'wrong-password'), 'NotAuthorizedException: Incorrect username or password.');
    expect(await signIn(email, 'wrong-password')).toBe(passwordLocked);
  });

  it('sign-up codes: after the failures, even the right code is refused until the lock has passed', async () => {
    const email = uniqueEmail('codes');
    const since = Date.now() - 1000;
    await client.send(
      new SignUpCommand({ ClientId, Username: email, Password: 'secret-pass-1', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'preferred_username', Value: 'guessed' }] }),
    );
    const code = codeIn(await waitForMail({ to: email, since }));
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (c: string) => outcome(() => client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: c })));
    await failUntilLocked(() => confirm(wrong), 'CodeMismatchException: Incorrect confirmation code');
    expect(await confirm(code)).toBe(codeLocked);
    await sleep(2 * firstLockSeconds * 1000 + 300);
    expect(await confirm(code)).toBe('ok');
  });

  it('reset codes: after the failures, even the right code is refused until the lock has passed', async () => {
    const user = await createConfirmedUser();
    const since = Date.now() - 1000;
    await client.send(new ForgotPasswordCommand({ ClientId, Username: user.email }));
    const code = codeIn(await waitForMail({ to: user.email, since, subject: /Reset/ }));
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = (c: string) =>
      outcome(() => client.send(new ConfirmForgotPasswordCommand({ ClientId, Username: user.email, ConfirmationCode: c, Password: 'new-secret-2' })));
    const failures: string[] = [];
    for (let i = 0; i < freeFailures; i++) failures.push(await reset(wrong));
    expect(new Set(failures).size).toBe(1);
    expect(failures[0]).toMatch(/^CodeMismatchException: /);
    await sleep(firstLockSeconds * 1000 + 200);
    expect(await reset(wrong)).toBe(failures[0]);
    expect(await reset(code)).toBe(codeLocked);
    await sleep(2 * firstLockSeconds * 1000 + 300);
    expect(await reset(code)).toBe('ok');
    expect(await signIn(user.email, 'new-secret-2')).toBe('ok');
  });
});
