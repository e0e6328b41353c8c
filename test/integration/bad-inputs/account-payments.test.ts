/**
 * POST /api/account/payments (Buy Now signed in) against the bad-input table (see table.ts): a missing or forged
 * token is refused 401 before anything runs; with the table user's token, the checkout request's own cases
 * (payment-cases.ts), as for the signed-out route. Nothing is stored; a refusal carries no checkout address.
 * (The integration stack has no Stripe key, so an accepted request answers the fallback checkout.)
 */
import { beforeAll } from 'vitest';
import { routes } from '@shared/contract/api';
import type { Tokens } from '../../helpers/cognito';
import { badTokenCases, tableUser } from './accounts';
import { paymentCases, validPayment } from './payment-cases';
import { badInputTable } from './table';

const route = routes.createAccountPayment;
let tokens: Tokens;
beforeAll(async () => {
  ({ tokens } = await tableUser('payment_table_user'));
});

badInputTable(
  {
    route,
    headers: () => ({ authorization: `Bearer ${tokens.accessToken}` }),
    leftBehind: async (_id, _c, answer) => (answer.status >= 400 ? answer.body.url : undefined),
  },
  [
    ...badTokenCases(validPayment),
    ...paymentCases(route),
    { name: 'another account named in the body', body: { ...validPayment, client_reference_id: 'someone-else', userId: 'someone-else' }, status: 200, answer: { fallback: true } },
  ],
);
