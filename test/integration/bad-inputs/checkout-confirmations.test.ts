/**
 * POST /api/checkout-confirmations (the success screen) against the bad-input table (see table.ts). A session id
 * proves nothing by itself: a well-formed id that neither the webhook nor Stripe knows is refused 403 with the
 * buyer's message, and nothing is recorded (no purchase row, no sale notice), whatever cookie comes with it.
 */
import { routes } from '@shared/contract/api';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { madeUpSessionId, purchaseRow, sessionIdCases } from './accounts';
import { apiMessages, badInputTable, jsonBodyCases, type BadCase } from './table';

const route = routes.confirmCheckout;
const valid = { sessionId: madeUpSessionId() };
const notProven = { status: 403, message: purchaseMessages.notProven } as const;
const unknown = (name: string, extra: Partial<BadCase> = {}): BadCase => ({ name, body: { sessionId: madeUpSessionId() }, ...notProven, ...extra });

badInputTable({ route, leftBehind: async (_id, c) => purchaseRow((c.body as { sessionId?: unknown } | undefined)?.sessionId) }, [
  ...jsonBodyCases(route, valid, { unknownKeys: 'refused' }),
  ...sessionIdCases((sessionId) => ({ sessionId })),
  { name: 'no session id', body: { appId: 'ai-customer-support' }, status: 400, message: apiMessages.fields, field: 'sessionId' },
  unknown('a session id neither the webhook nor Stripe knows'),
  unknown('a live-mode looking id', { body: { sessionId: `cs_live_${madeUpSessionId().slice(8)}` } }),
  unknown('an unknown id with a forged browser key', { headers: { cookie: `__Host-buyer=${'A'.repeat(43)}` } }),
  unknown('an unknown id with a malformed browser key', { headers: { cookie: '__Host-buyer=<script>' } }),
  unknown('an unknown id with a thousand cookies', { headers: { cookie: Array.from({ length: 1000 }, (_, i) => `c${i}=1`).join('; ') } }),
  unknown('an unknown id with an origin of another site', { headers: { origin: 'https://evil.example' } }),
]);
