/**
 * POST /api/create-payment against the bad-input table (see table.ts). Only ids travel and nothing is stored;
 * what a refusal must not carry is a checkout address. Extra keys (a price, `__proto__`) are dropped unread:
 * the server prices everything from the catalogue (shared/contract/schemas/checkout.ts).
 */
import { routes } from '@shared/contract/api';
import { paymentCases } from './payment-cases';
import { badInputTable } from './table';

badInputTable({ route: routes.createPayment, leftBehind: async (_id, _c, answer) => (answer.status >= 400 ? answer.body.url : undefined) }, paymentCases(routes.createPayment));
