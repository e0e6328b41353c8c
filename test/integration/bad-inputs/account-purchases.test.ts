/**
 * GET and POST /api/account/purchases against the bad-input table (see table.ts), without a valid token (401,
 * nothing read or changed) and with the table user's: GET answers only the caller's own (empty) purchases, whatever
 * the query says; POST refuses every malformed session id and a well-formed one nobody paid (403), and adds
 * nothing to the account.
 */
import { beforeAll } from 'vitest';
import { routes } from '@shared/contract/api';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { listByUser } from '../../../lambdas/data/purchases';
import type { TestUser, Tokens } from '../../helpers/cognito';
import { badTokenCases, madeUpSessionId, purchaseRow, sessionIdCases, tableUser } from './accounts';
import { apiMessages, badInputTable, jsonBodyCases, type BadCase, type Endpoint } from './table';

let user: TestUser;
let tokens: Tokens;
beforeAll(async () => {
  ({ user, tokens } = await tableUser('purchases_table_user'));
});

const endpoint = (route: Endpoint['route']): Endpoint => ({
  route,
  headers: () => ({ authorization: `Bearer ${tokens.accessToken}` }),
  leftBehind: async (_id, c) => {
    const mine = await listByUser(user.sub);
    if (mine.length > 0) return { addedToAccount: mine.map((p) => p.sessionId) };
    return purchaseRow((c.body as { sessionId?: unknown } | undefined)?.sessionId);
  },
});

const own = { status: 200, answer: { purchases: [], canManageBilling: false } } as const;
const get = (name: string, query: string): BadCase => ({ name, query, contentType: null, ...own });

badInputTable(endpoint(routes.listAccountPurchases), [
  ...badTokenCases(),
  get('another user id in the query', 'userId=someone-else'),
  get('a sub in the query', 'sub=someone-else'),
  get('a session id in the query', `sessionId=${madeUpSessionId()}`),
  get('a __proto__ parameter', '__proto__%5BisAdmin%5D=true'),
  get('a constructor parameter', 'constructor=1'),
  get('a NUL in the query', 'userId=%00'),
  get('invalid UTF-8 in the query', 'userId=%FF%FE'),
  get('a lone surrogate in the query', 'userId=%ED%A0%80'),
  get('a query of 5,000 characters', `x=${'a'.repeat(5000)}`),
  get('two hundred parameters', Array.from({ length: 200 }, (_, i) => `p${i}=${i}`).join('&')),
  get('an array parameter', 'userId[]=a&userId[]=b'),
  get('U+202E in the query', 'userId=%E2%80%AE'),
  get('an emoji in the query', 'q=%F0%9F%9A%80'),
  get('a path-traversal in the query', 'userId=..%2F..%2Fetc%2Fpasswd'),
  get('a DynamoDB key in the query', 'ExclusiveStartKey=%7B%22sessionId%22%3A%22x%22%7D'),
  get('a limit parameter', 'limit=100000'),
  get('an index name in the query', 'IndexName=byUser'),
  get('a callback parameter (JSONP)', 'callback=alert'),
  get('a format parameter', 'format=csv'),
  get('a page parameter as text', 'page=abc'),
  get('a negative limit', 'limit=-1'),
  get('an enormous number', `n=${'9'.repeat(400)}`),
  get('a query of only separators', '&&&==&'),
  get('a percent sign alone', 'userId=%'),
  get('CRLF in the query', 'userId=a%0D%0ASet-Cookie:x=1'),
  get('markup in the query', 'q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E'),
  { name: 'a JSON body on the GET', body: { userId: 'someone-else' }, ...own },
  { name: 'a text body on the GET', raw: 'hello', contentType: 'text/plain', ...own },
  { name: 'a body over the route limit', raw: 'x'.repeat(routes.listAccountPurchases.maxBodyBytes + 1), status: 413, message: apiMessages.tooLarge(routes.listAccountPurchases) },
  { name: 'a forged x-user header', headers: { 'x-user-id': 'someone-else', 'x-amzn-oidc-identity': 'someone-else' }, contentType: null, ...own },
  { name: 'a forged origin-check header', headers: { 'x-origin-verify': 'forged' }, contentType: null, ...own },
]);

const addRoute = routes.addAccountPurchase;
const valid = { sessionId: madeUpSessionId() };
badInputTable(endpoint(addRoute), [
  ...badTokenCases(valid),
  ...jsonBodyCases(addRoute, valid, { unknownKeys: 'refused' }),
  ...sessionIdCases((sessionId) => ({ sessionId })),
  { name: 'a session id nobody paid', body: { sessionId: madeUpSessionId() }, status: 403, message: purchaseMessages.notProven },
  { name: 'a session id nobody paid, with a forged browser key', body: { sessionId: madeUpSessionId() }, headers: { cookie: `__Host-buyer=${'B'.repeat(43)}` }, status: 403, message: purchaseMessages.notProven },
  { name: 'another account named in the body', body: { ...valid, userId: 'someone-else' }, status: 400, message: apiMessages.fields },
]);
