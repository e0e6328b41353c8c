/**
 * Staff sign in with a second factor, on the local stack as deployed: the local Cognito asks a user with an
 * authenticator app (TOTP) for its code at sign-in, binds the challenge to that sign-in, and the staff routes let a
 * member in only while the app is enabled and preferred. Removing a member (`npm run staff:remove`) signs them out
 * everywhere before anything else. (Every staff route's refusal without the app: ./access.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import {
  CodeMismatchException,
  InitiateAuthCommand,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { routes } from '@shared/contract/api';
import { SECOND_FACTOR_REQUIRED } from '@shared/contract/staff-console';
import { removeStaff } from '../../../infra/local/remove-staff';
import { cognitoClient, setUpAuthenticator, signIn, totpCode } from '../../helpers/cognito';
import { localStack } from '../../helpers/local-stack';
import { callStaff, createStaffMember } from '../../helpers/staff';

const stack = localStack();

async function passwordStep(email: string, password: string) {
  const client = cognitoClient(stack);
  try {
    return await client.send(new InitiateAuthCommand({ ClientId: stack.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  } finally {
    client.destroy();
  }
}

async function answerCode(email: string, session: string | undefined, code: string) {
  const client = cognitoClient(stack);
  try {
    return await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: stack.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
  } finally {
    client.destroy();
  }
}

const listInbox = (token: string) => callStaff(routes.listSubmissions, {}, { token });

describe('a staff member setting up an authenticator app', () => {
  it('is refused until it is set up; then the password alone gives no tokens, and the code completes the sign-in', async () => {
    const member = await createStaffMember({ secondFactor: false });
    expect(await listInbox(member.tokens.accessToken)).toMatchObject({ status: 403, body: { message: SECOND_FACTOR_REQUIRED } });

    const secret = await setUpAuthenticator(member.tokens.accessToken);
    const client = cognitoClient(stack);
    const user = await client.send(new GetUserCommand({ AccessToken: member.tokens.accessToken }));
    client.destroy();
    expect({ enabled: user.UserMFASettingList, preferred: user.PreferredMfaSetting }).toEqual({ enabled: ['SOFTWARE_TOKEN_MFA'], preferred: 'SOFTWARE_TOKEN_MFA' });

    const step = await passwordStep(member.email, member.password);
    expect(step).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: expect.any(String) });
    expect(step.AuthenticationResult).toBeUndefined();
    const answer = await answerCode(member.email, step.Session, totpCode(secret));
    const token = answer.AuthenticationResult?.AccessToken as string;
    expect((await listInbox(token)).status).toBe(200);
  });
});

describe("the local Cognito's TOTP challenge", () => {
  it('refuses a wrong code, a made-up session, another sign-in’s session and a spent one', async () => {
    const member = await createStaffMember();
    const secret = member.totpSecret as string;
    const step = await passwordStep(member.email, member.password);
    await expect(answerCode(member.email, step.Session, '000000' === totpCode(secret) ? '111111' : '000000')).rejects.toBeInstanceOf(CodeMismatchException);
    // The code alone, without the password step, signs nobody in.
    await expect(answerCode(member.email, 'a-made-up-session', totpCode(secret))).rejects.toBeInstanceOf(NotAuthorizedException);
    const other = await createStaffMember({ prefix: 'other' });
    const otherStep = await passwordStep(other.email, other.password);
    await expect(answerCode(member.email, otherStep.Session, totpCode(secret))).rejects.toBeInstanceOf(NotAuthorizedException);
    // The right code after a wrong one, on the same session, signs in; the session is then spent.
    expect((await answerCode(member.email, step.Session, totpCode(secret))).AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    await expect(answerCode(member.email, step.Session, totpCode(secret))).rejects.toBeInstanceOf(NotAuthorizedException);
  });
});

describe('a staff session', () => {
  it('is refused at once when the member turns the app off', async () => {
    const member = await createStaffMember();
    expect((await listInbox(member.tokens.accessToken)).status).toBe(200);
    const client = cognitoClient(stack);
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: member.tokens.accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
    client.destroy();
    expect(await listInbox(member.tokens.accessToken)).toMatchObject({ status: 403, body: { message: SECOND_FACTOR_REQUIRED } });
  });

  it('ends everywhere when the member is removed from staff (npm run staff:remove), and the next sign-in carries no group', async () => {
    const member = await createStaffMember();
    const elsewhere = await signIn(member.email, member.password, stack, member.totpSecret);
    expect((await listInbox(elsewhere.accessToken)).status).toBe(200);
    // The local Cognito keeps tokens issued in the very second of a sign-out valid (infra/local/cognito/sessions.ts).
    await new Promise((r) => setTimeout(r, 1100));
    expect(await removeStaff({ email: member.email, stateDir: stack.stateDir })).toEqual({ email: member.email });
    for (const tokens of [member.tokens, elsewhere]) expect((await listInbox(tokens.accessToken)).status).toBe(401);
    const after = await signIn(member.email, member.password, stack, member.totpSecret);
    expect((await listInbox(after.accessToken)).status).toBe(403);
  });
});
