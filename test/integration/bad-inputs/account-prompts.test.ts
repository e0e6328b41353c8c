/**
 * POST /api/account/prompts against the bad-input table (see table.ts): 401 without a valid token; the prompt
 * request's rules (ids of the catalogue only, a session id required); a well-formed session nobody paid, or
 * not in this account, is refused 403. What a refusal must not carry is a prompt; no purchase is touched.
 */
import { beforeAll } from 'vitest';
import { routes } from '@shared/contract/api';
import { purchaseNotVerifiedMessage } from '@shared/contract/schemas/prompt';
import type { Tokens } from '../../helpers/cognito';
import { badTokenCases, madeUpSessionId, purchaseRow, sessionIdCases, tableUser } from './accounts';
import { apiMessages, badInputTable, jsonBodyCases, type BadCase } from './table';

const route = routes.getAccountPrompt;
const valid = { appId: 'ai-system-prompt-generator', fieldId: 'healthcare', subcategoryId: 'dentistry-offices', productId: 'patient-intake-bot', sessionId: madeUpSessionId() };
let tokens: Tokens;
beforeAll(async () => {
  ({ tokens } = await tableUser('prompt_table_user'));
});

const notPurchased = { status: 403, message: purchaseNotVerifiedMessage } as const;
const idCases = (['appId', 'fieldId', 'subcategoryId', 'productId'] as const).flatMap((field): BadCase[] => [
  { name: `${field}: a path`, body: { ...valid, [field]: '../../etc/passwd' }, status: 400, message: apiMessages.fields, field },
  { name: `${field}: capitals`, body: { ...valid, [field]: 'Healthcare' }, status: 400, message: apiMessages.fields, field },
  { name: `${field}: a number`, body: { ...valid, [field]: 42 }, status: 400, message: apiMessages.fields, field },
]);

badInputTable(
  {
    route,
    headers: () => ({ authorization: `Bearer ${tokens.accessToken}` }),
    leftBehind: async (_id, c, answer) => (answer.status >= 400 && answer.body.prompt !== undefined ? answer.body.prompt : purchaseRow((c.body as { sessionId?: unknown } | undefined)?.sessionId)),
  },
  [
    ...badTokenCases(valid),
    // Unknown keys are dropped unread (the request is ids only); the purchase is then still nobody's.
    ...jsonBodyCases(route, valid, { unknownKeys: 'ignored', ignoredAnswer: notPurchased }),
    ...sessionIdCases((sessionId) => ({ ...valid, sessionId })),
    ...idCases,
    { name: 'no session id', body: { ...valid, sessionId: undefined }, status: 400, message: apiMessages.fields, field: 'sessionId' },
    { name: 'an app the catalogue does not have', body: { ...valid, appId: 'free-prompts' }, status: 400, message: 'This app is not available.', field: 'appId' },
    { name: 'a product of another business type', body: { ...valid, productId: 'reservation-bot' }, status: 400, field: 'fieldId' },
    { name: 'a session id nobody paid', body: { ...valid, sessionId: madeUpSessionId() }, ...notPurchased },
    { name: 'another account named in the body', body: { ...valid, userId: 'someone-else' }, ...notPurchased },
  ],
);
