/**
 * POST /api/account/billing-portal against the bad-input table (see table.ts): 401 without a valid token; the one
 * place to come back to is a path of this site (no open redirect through Stripe's portal); an account with no
 * subscription is answered 404 with a clear message. The customer is never taken from the request.
 */
import { beforeAll } from 'vitest';
import { routes } from '@shared/contract/api';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import type { Tokens } from '../../helpers/cognito';
import { badTokenCases, tableUser } from './accounts';
import { apiMessages, badInputTable, jsonBodyCases, type BadCase } from './table';

const route = routes.openBillingPortal;
const valid = { returnPath: '/profile' };
const returnMessage = 'Please choose where to come back to.';
let tokens: Tokens;
beforeAll(async () => {
  ({ tokens } = await tableUser('portal_table_user'));
});

const returnTo = (name: string, value: unknown): BadCase => ({
  name: `returnPath: ${name}`,
  body: { returnPath: value },
  status: 400,
  message: apiMessages.fields,
  field: 'returnPath',
  fieldMessage: returnMessage,
});
const noSubscription = { status: 404, message: purchaseMessages.noBillingAccount } as const;

badInputTable(
  { route, headers: () => ({ authorization: `Bearer ${tokens.accessToken}` }), leftBehind: async (_id, _c, answer) => (answer.status >= 400 ? answer.body.url : undefined) },
  [
    ...badTokenCases(valid),
    ...jsonBodyCases(route, valid, { unknownKeys: 'refused' }),
    returnTo('another site', 'https://evil.example/'),
    returnTo('a protocol-relative URL', '//evil.example'),
    returnTo('a javascript: URL', 'javascript:alert(1)'),
    returnTo('another path of the site', '/services'),
    returnTo('a path with a query', '/profile?next=https://evil.example'),
    returnTo('the path with a trailing space', '/profile '),
    returnTo('a number', 1),
    returnTo('null', null),
    { name: 'a customer id in the body', body: { ...valid, customer: 'cus_someone_else' }, status: 400, message: apiMessages.fields },
    { name: 'an account without a subscription', body: valid, ...noSubscription },
  ],
);
