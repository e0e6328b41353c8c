/**
 * The profile API through the local API Gateway and its JWT authorizer: a user reads and changes only their own
 * profile (the id is the token's sub, whatever the request says), bad input is refused with the form's
 * messages and changes nothing. (Requests without a valid token are covered by local-stack/authorizer.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@shared/contract/api';
import type { Profile } from '@shared/contract/schemas/profile';
import { dynamo } from '../../../lambdas/lib/dynamo';
import { tableName } from '../../../lambdas/lib/env';
import { createConfirmedUser, signIn, type TestUser, type Tokens } from '../../helpers/cognito';
import { localStack } from '../../helpers/local-stack';

const stack = localStack();
const url = `${stack.apiUrl}${routes.getProfile.path}`;

interface Answer {
  status: number;
  body: Partial<Profile> & { message?: string; fieldErrors?: Record<string, string[]> };
}

async function call(method: 'GET' | 'PUT', tokens: Tokens, body?: unknown, contentType = 'application/json'): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${tokens.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Answer['body'] };
}

async function row(id: string) {
  return (await dynamo().send(new GetCommand({ TableName: tableName('profiles'), Key: { id }, ConsistentRead: true }))).Item;
}

let ada: TestUser;
let bob: TestUser;
let adaTokens: Tokens;
let bobTokens: Tokens;

beforeAll(async () => {
  ada = await createConfirmedUser({ username: 'ada_profile' });
  bob = await createConfirmedUser({ username: 'bob_profile' });
  adaTokens = await signIn(ada.email, ada.password);
  bobTokens = await signIn(bob.email, bob.password);
});

describe('GET /api/profile', () => {
  it('answers the caller’s own profile, created at confirmation with the username chosen at sign-up', async () => {
    const answer = await call('GET', adaTokens);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: ada.sub, username: 'ada_profile', created_at: expect.any(String) });
    // created_at is the confirmation moment: within the last minute.
    expect(Date.now() - Date.parse(answer.body.created_at as string)).toBeLessThan(60_000);
    expect((await call('GET', bobTokens)).body).toMatchObject({ id: bob.sub, username: 'bob_profile' });
  });

  it('ignores an id in the query string', async () => {
    const response = await fetch(`${url}?id=${encodeURIComponent(bob.sub)}`, {
      headers: { authorization: `Bearer ${adaTokens.accessToken}` },
    });
    expect(await response.json()).toMatchObject({ id: ada.sub, username: 'ada_profile' });
  });
});

describe('PUT /api/profile', () => {
  it('changes the caller’s username and nobody else’s', async () => {
    const answer = await call('PUT', adaTokens, { username: '  Ada Lovelace ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: ada.sub, username: 'Ada Lovelace' });
    expect((await call('GET', adaTokens)).body.username).toBe('Ada Lovelace');
    expect(await row(bob.sub)).toMatchObject({ username: 'bob_profile' });
  });

  it('keeps the member-since date when the username changes', async () => {
    const before = (await call('GET', bobTokens)).body.created_at;
    await call('PUT', bobTokens, { username: 'bob renamed' });
    const after = await call('GET', bobTokens);
    expect(after.body).toMatchObject({ username: 'bob renamed', created_at: before });
  });

  it("refuses a body naming another user's id, and changes nothing", async () => {
    const bobBefore = await row(bob.sub);
    const adaBefore = await row(ada.sub);
    const answer = await call('PUT', adaTokens, { id: bob.sub, username: 'mallory' });
    expect(answer.status).toBe(400);
    expect(await row(bob.sub)).toEqual(bobBefore);
    expect(await row(ada.sub)).toEqual(adaBefore);
  });

  it.each([
    ['a username under 3 characters', { username: 'ab' }, { username: ['Username must be at least 3 characters'] }],
    ['spaces around 2 characters', { username: '  ab  ' }, { username: ['Username must be at least 3 characters'] }],
    ['no username', {}, { username: [expect.any(String)] }],
    ['a number', { username: 12345 }, { username: [expect.any(String)] }],
  ])('answers 400 with the form message for %s', async (_case, body, fieldErrors) => {
    const before = await row(ada.sub);
    const answer = await call('PUT', adaTokens, body);
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual(fieldErrors);
    expect(await row(ada.sub)).toEqual(before);
  });

  it('answers 400 for malformed JSON and 415 for another content type', async () => {
    expect((await call('PUT', adaTokens, '{"username":')).status).toBe(400);
    expect((await call('PUT', adaTokens, 'username=abc', 'application/x-www-form-urlencoded')).status).toBe(415);
  });
});
