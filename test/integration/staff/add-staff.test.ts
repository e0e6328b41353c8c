/**
 * `npm run staff:add` (infra/local/add-staff.ts) on the running local stack, as an operator runs it from another
 * terminal: an address nobody signed up with gets a confirmed account, its profile (made by the post-confirmation
 * trigger, through the stack's Lambda service) and the staff group, and can use the staff API once an
 * authenticator app is set up; run again for an existing account it keeps the password and only adds the group. A
 * staff password shorter than 12 characters is refused.
 */
import { describe, expect, it } from 'vitest';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@shared/contract/api';
import { tableEnvName } from '@shared/deployment/manifest';
import { addStaff } from '../../../infra/local/add-staff';
import { SECOND_FACTOR_REQUIRED } from '@shared/contract/staff-console';
import { cognitoClient, createConfirmedUser, setUpAuthenticator, signIn, uniqueEmail } from '../../helpers/cognito';
import { localStack, sdkConfig } from '../../helpers/local-stack';
import { callStaff } from '../../helpers/staff';

const stack = localStack();

async function profileOf(email: string): Promise<Record<string, unknown> | undefined> {
  const cognito = cognitoClient(stack);
  const docs = DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb }));
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    return (await docs.send(new GetCommand({ TableName: stack.env[tableEnvName('profiles')], Key: { id: sub }, ConsistentRead: true }))).Item;
  } finally {
    cognito.destroy();
    docs.destroy();
  }
}

describe('npm run staff:add', () => {
  it('makes a new address a confirmed staff member with a profile, who can use the staff API once the app is set up', async () => {
    const email = uniqueEmail('ops');
    const result = await addStaff({ email, password: 'staff-add-pass-1', stateDir: stack.stateDir });
    expect(result).toEqual({ email, created: true, password: 'staff-add-pass-1' });
    expect(await profileOf(email)).toMatchObject({ username: email.split('@')[0] });
    const first = await signIn(email, 'staff-add-pass-1');
    expect(await callStaff(routes.listSubmissions, {}, { token: first.accessToken })).toMatchObject({ status: 403, body: { message: SECOND_FACTOR_REQUIRED } });
    const secret = await setUpAuthenticator(first.accessToken);
    const tokens = await signIn(email, 'staff-add-pass-1', stack, secret);
    expect((await callStaff(routes.listSubmissions, {}, { token: tokens.accessToken })).status).toBe(200);
  });

  it('refuses a staff password shorter than 12 characters, and generates a longer one', async () => {
    const email = uniqueEmail('ops');
    await expect(addStaff({ email, password: 'eleven-char', stateDir: stack.stateDir })).rejects.toThrow('A staff password has at least 12 characters.');
    const made = await addStaff({ email, stateDir: stack.stateDir });
    expect(made.password?.length).toBeGreaterThanOrEqual(12);
  });

  it('adds an existing account to the group and keeps its password', async () => {
    const visitor = await createConfirmedUser();
    const before = await signIn(visitor.email, visitor.password);
    expect((await callStaff(routes.listSubmissions, {}, { token: before.accessToken })).status).toBe(403);
    expect(await addStaff({ email: visitor.email, stateDir: stack.stateDir })).toEqual({ email: visitor.email, created: false });
    const after = await signIn(visitor.email, visitor.password);
    const secret = await setUpAuthenticator(after.accessToken);
    const withApp = await signIn(visitor.email, visitor.password, stack, secret);
    expect((await callStaff(routes.listSubmissions, {}, { token: withApp.accessToken })).status).toBe(200);
  });
});
