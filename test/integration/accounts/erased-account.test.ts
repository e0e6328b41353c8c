/**
 * A deleted account writes nothing: the access token of a person erased in the staff console (or of an account
 * deleted in Cognito) is still a valid JWT for up to an hour, and the API's authorizer lets it through; every
 * signed-in write then answers 401 (Cognito refuses the session) or 404, and nothing is created or changed: the
 * profile the erasure deleted stays gone, so no later erasure has a row to miss.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes, type RouteDef } from '@shared/contract/api';
import { tableEnvName } from '@shared/deployment/manifest';
import { cognitoClient, createConfirmedUser, signIn, type TestUser, type Tokens } from '../../helpers/cognito';
import { localStack, sdkConfig } from '../../helpers/local-stack';
import { callStaff, createStaffMember, type StaffMember } from '../../helpers/staff';

const stack = localStack();
const docs = DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb }));
const profileRow = async (sub: string) =>
  (await docs.send(new GetCommand({ TableName: stack.env[tableEnvName('profiles')]!, Key: { id: sub }, ConsistentRead: true }))).Item;

/** Every signed-in write, with a body its schema accepts. */
const writes: [RouteDef, Record<string, unknown>][] = [
  [routes.updateProfile, { username: 'still here' }],
  [routes.createAccountPayment, { type: 'marketplace', productId: 'ai-customer-support', appName: 'AI Customer Support Bot' }],
  [routes.addAccountPurchase, { sessionId: 'cs_test_someone_elses' }],
  [routes.getAccountPrompt, { appId: 'ai-customer-support', sessionId: 'cs_test_someone_elses' }],
  [routes.openBillingPortal, { returnPath: '/profile' }],
];

let staff: StaffMember;
afterAll(() => docs.destroy());
beforeAll(async () => {
  staff = await createStaffMember();
});

async function signedInPerson(): Promise<{ user: TestUser; tokens: Tokens }> {
  const user = await createConfirmedUser();
  const tokens = await signIn(user.email, user.password);
  // The token works before: the profile can be renamed.
  expect((await callStaff(routes.updateProfile, { username: 'before erasure' }, { token: tokens.accessToken })).status).toBe(200);
  return { user, tokens };
}

describe('the token of an account that is gone', () => {
  it('after an erasure: every signed-in write answers 401 or 404, and the profile is not created again', async () => {
    const { user, tokens } = await signedInPerson();
    const erased = await callStaff(routes.erasePerson, { email: user.email, confirm: user.email }, { token: staff.tokens.accessToken });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await profileRow(user.sub)).toBeUndefined();
    for (const [route, body] of writes) {
      const answer = await callStaff(route, body, { token: tokens.accessToken });
      expect([401, 404], `${route.method} ${route.path}: ${JSON.stringify(answer)}`).toContain(answer.status);
    }
    expect(await profileRow(user.sub)).toBeUndefined();
  });

  it('after the account is deleted in Cognito: every signed-in write answers 401, and nothing is changed', async () => {
    const { user, tokens } = await signedInPerson();
    const client = cognitoClient(stack);
    await client.send(new AdminDeleteUserCommand({ UserPoolId: stack.userPoolId, Username: user.email }));
    client.destroy();
    for (const [route, body] of writes) {
      expect((await callStaff(route, body, { token: tokens.accessToken })).status, `${route.method} ${route.path}`).toBe(401);
    }
    expect((await profileRow(user.sub))?.username).toBe('before erasure');
  });
});
