/**
 * GET and PUT /api/profile against the bad-input table (see table.ts), without a valid token (401, nothing read
 * or changed) and with one (PUT: the form's messages; GET: extra input ignored, only the caller's own profile).
 * The profile row is compared with the one sign-up made after every case: nothing may change it.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll } from 'vitest';
import { routes } from '@shared/contract/api';
import { USERNAME_MIN_LENGTH, authMessages } from '@shared/contract/schemas/auth';
import { dynamo } from '../../../lambdas/lib/dynamo';
import { tableName } from '../../../lambdas/lib/env';
import { createConfirmedUser, signIn, type TestUser, type Tokens } from '../../helpers/cognito';
import { badTokenCases as badTokens } from './accounts';
import { apiMessages, badInputTable, jsonBodyCases, textFieldCases, type BadCase, type Endpoint } from './table';

const username = 'table_user';
let user: TestUser;
let tokens: Tokens;
beforeAll(async () => {
  user = await createConfirmedUser({ username });
  tokens = await signIn(user.email, user.password);
});

async function profileRow() {
  return (await dynamo().send(new GetCommand({ TableName: tableName('profiles'), Key: { id: user.sub }, ConsistentRead: true }))).Item;
}

const endpoint = (route: Endpoint['route']): Endpoint => ({
  route,
  headers: () => ({ authorization: `Bearer ${tokens.accessToken}` }),
  leftBehind: async () => {
    const row = await profileRow();
    return row?.username === username ? undefined : { changed: row };
  },
});

const own = { status: 200, answer: { username } } as const;
const get = (name: string, query: string, extra: Partial<BadCase> = {}): BadCase => ({ name, query, contentType: null, ...own, ...extra });

badInputTable(endpoint(routes.getProfile), [
  ...badTokens(),
  get('another user id in the query', 'id=someone-else'),
  get('a sub in the query', 'sub=someone-else'),
  get('a username in the query', 'username=%3Cscript%3E'),
  get('a __proto__ parameter', '__proto__%5BisAdmin%5D=true'),
  get('a constructor parameter', 'constructor=1'),
  get('a NUL in the query', 'id=%00'),
  get('invalid UTF-8 in the query', 'id=%FF%FE'),
  get('a lone surrogate in the query', 'id=%ED%A0%80'),
  get('a query of 5,000 characters', `x=${'a'.repeat(5000)}`),
  get('two hundred parameters', Array.from({ length: 200 }, (_, i) => `p${i}=${i}`).join('&')),
  get('an array parameter', 'id[]=a&id[]=b'),
  get('U+202E in the query', 'id=%E2%80%AE'),
  get('an emoji in the query', 'id=%F0%9F%9A%80'),
  get('a path-traversal in the query', 'id=..%2F..%2Fetc%2Fpasswd'),
  { name: 'a JSON body on the GET', body: { id: 'someone-else', username: 'hacker' }, ...own },
  { name: 'a text body on the GET', raw: 'hello', contentType: 'text/plain', ...own },
  { name: 'an invalid JSON body on the GET', raw: '{', ...own },
  { name: 'a body over the route limit', raw: 'x'.repeat(routes.getProfile.maxBodyBytes + 1), status: 413, message: apiMessages.tooLarge(routes.getProfile) },
  { name: 'a forged x-forwarded-user header', headers: { 'x-user-id': 'someone-else', 'x-amzn-oidc-identity': 'someone-else' }, contentType: null, ...own },
  { name: 'a forged origin-check header', headers: { 'x-origin-verify': 'forged' }, contentType: null, ...own },
  get('a callback parameter (JSONP)', 'callback=alert'),
  get('a format parameter', 'format=xml'),
  get('a fields parameter', 'fields=password'),
  get('a page parameter as text', 'page=abc'),
  get('a negative limit', 'limit=-1'),
  get('an enormous number', `n=${'9'.repeat(400)}`),
  get('a query of only separators', '&&&==&'),
  get('a percent sign alone', 'id=%'),
  get('CRLF in the query', 'id=a%0D%0ASet-Cookie:x=1'),
  get('markup in the query', 'q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E'),
  get('a zero-width joiner in the query', 'id=a%E2%80%8Db'),
]);

const updateRoute = routes.updateProfile;
const valid = { username: 'table_user_renamed' };
badInputTable(endpoint(updateRoute), [
  ...badTokens(valid),
  ...jsonBodyCases(updateRoute, valid, { unknownKeys: 'refused' }),
  ...textFieldCases(updateRoute, {
    field: 'username',
    label: 'Username',
    set: (value) => ({ username: value }),
    max: 50,
    message: authMessages.username,
    maxMessage: authMessages.usernameTooLong,
  }),
  { name: 'a two-letter username', body: { username: 'ab' }, status: 400, message: apiMessages.fields, field: 'username', fieldMessage: authMessages.username },
  { name: `a username of ${USERNAME_MIN_LENGTH} spaces`, body: { username: '   ' }, status: 400, message: apiMessages.fields, field: 'username', fieldMessage: authMessages.username },
  { name: 'another user id in the body', body: { ...valid, id: 'someone-else' }, status: 400, message: apiMessages.fields },
]);
