/**
 * What the bad-input tables of the signed-in routes share: a user of the local pool for the cases to act as, the
 * Authorization headers that are not a valid access token of this pool (each refused 401 before anything is read
 * or changed), and the cases every Checkout session id shares.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { checkoutSessionIdMessage } from '@shared/contract/schemas/purchases';
import { dynamo } from '../../../lambdas/lib/dynamo';
import { tableName } from '../../../lambdas/lib/env';
import { createConfirmedUser, signIn, type TestUser, type Tokens } from '../../helpers/cognito';
import { accessClaims, localPoolPrivateKey, signJwt, strangerPrivateKey, unsignedJwt } from '../../helpers/jwt';
import { localStack } from '../../helpers/local-stack';
import { apiMessages, type BadCase } from './table';

/** A confirmed, signed-in user of the local pool (create it in the file's beforeAll). */
export async function tableUser(username: string): Promise<{ user: TestUser; tokens: Tokens }> {
  const user = await createConfirmedUser({ username });
  return { user, tokens: await signIn(user.email, user.password) };
}

/** Authorization headers that are not a valid access token of this pool (built when the cases run). */
export function badTokenCases(body?: unknown): BadCase[] {
  const stack = localStack();
  const claims = { issuer: stack.issuer, clientId: stack.userPoolClientId };
  const hourAgo = Math.floor(Date.now() / 1000) - 3600;
  const forged = [
    ['no token', ''],
    ['"Bearer" alone', 'Bearer '],
    ['a token of garbage', 'Bearer garbage'],
    ['Basic credentials', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['an unsigned token (alg none)', `Bearer ${unsignedJwt(accessClaims(claims, { sub: 'someone' }))}`],
    ['a token signed by a stranger', `Bearer ${signJwt(accessClaims(claims, { sub: 'someone' }), strangerPrivateKey())}`],
    ['an expired token of this pool', `Bearer ${signJwt(accessClaims(claims, { sub: 'someone', iat: hourAgo - 60, exp: hourAgo }), localPoolPrivateKey())}`],
    ['a token of 6,000 characters', `Bearer ${'a'.repeat(6000)}`],
    ['a token with a NUL escape', 'Bearer abc%00def'],
  ] as const;
  return forged.map(([name, authorization]) => ({
    name,
    headers: { authorization },
    ...(body === undefined ? { contentType: null } : { body }),
    status: 401,
    message: apiMessages.unauthorized,
  }));
}

/** A well-formed Checkout session id nobody paid (neither the webhook nor Stripe knows it). */
export const madeUpSessionId = () => `cs_test_${randomUUID().replaceAll('-', '')}`;

/** The cases every session id field shares: its character rules, sizes, types and other Stripe objects' ids. */
export function sessionIdCases(set: (value: unknown) => object): BadCase[] {
  const refused = (name: string, value: unknown, fieldMessage: string | undefined = checkoutSessionIdMessage): BadCase => ({
    name: `sessionId: ${name}`,
    body: set(value),
    status: 400,
    message: apiMessages.fields,
    field: 'sessionId',
    fieldMessage,
  });
  return [
    refused('empty', ''),
    refused('spaces', '   '),
    refused('NUL', 'cs_test_1\u0000x'),
    refused('U+202E (right-to-left override)', 'cs_test_\u202e1'),
    refused('CRLF (header injection)', 'cs_test_1\r\nSet-Cookie: x=1'),
    refused('markup', '<script>alert(1)</script>'),
    refused('a path', 'cs_test_1/../../purchases'),
    refused('a payment intent id', 'pi_3Nx0000000000000'),
    refused('a subscription id', 'sub_1Nx000000000000'),
    refused('an SQL fragment', "cs_test_1' OR '1'='1"),
    refused('a DynamoDB expression', 'cs_test_1 OR attribute_exists(appId)'),
    refused('an id of 1,000 characters', `cs_test_${'x'.repeat(1000)}`),
    refused('a number', 42),
    refused('an array', ['cs_test_1']),
    refused('an object', { S: 'cs_test_1' }),
    refused('null', null),
  ];
}

/** The purchases row of a session id, even one only a later event started (nothing may be left for a refused case). */
export async function purchaseRow(sessionId: unknown): Promise<Record<string, unknown> | undefined> {
  if (typeof sessionId !== 'string' || !/^cs_\w{1,250}$/.test(sessionId)) return undefined;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName('purchases'), Key: { sessionId }, ConsistentRead: true }));
  return Item;
}
