/**
 * The staff console's sends against the bad-input table (see table.ts and staff.ts): POST /api/staff/deliveries
 * ("Send again") and POST /api/staff/webhook (the spec's webhook helper). No case sends anything: the fixture's
 * deliveries and their version stay as they were, and no mail or webhook call names a case.
 */
import { randomUUID } from 'node:crypto';
import { routes } from '@shared/contract/api';
import { staffMessages } from '@shared/contract/schemas/staff-console';
import { apiMessages, badInputTable, jsonBodyCases, type BadCase } from './table';
import { callerCases, idBodyCases, refused, staffFixture } from './staff';

const fixture = staffFixture();

const again = { id: fixture.id, target: 'mail', sentAgain: 0 };
const seenCount = (name: string, value: unknown): BadCase => ({ name: `sentAgain ${name}`, body: { ...again, sentAgain: value }, ...refused('sentAgain', staffMessages.sentAgain) });
const target = (name: string, value: unknown): BadCase => ({ name: `target ${name}`, body: { ...again, target: value }, ...refused('target', staffMessages.target) });
badInputTable(fixture.endpoint(routes.sendDeliveryAgain), [
  ...callerCases(fixture, again),
  ...jsonBodyCases(routes.sendDeliveryAgain, again, { unknownKeys: 'refused' }),
  ...idBodyCases({ target: 'mail', sentAgain: 0 }),
  { name: 'no target', body: { id: fixture.id, sentAgain: 0 }, ...refused('target', staffMessages.target) },
  { name: 'no sentAgain (a press that does not say what it was made on)', body: { id: fixture.id, target: 'mail' }, ...refused('sentAgain', staffMessages.sentAgain) },
  seenCount('negative', -1),
  seenCount('a fraction', 0.5),
  seenCount('as a string', '0'),
  seenCount('huge', 1e12),
  { name: 'a stale press (sentAgain of a screen from before another press)', body: { ...again, sentAgain: 3 }, status: 422, message: 'Someone else changed this submission at the same moment. Refresh and try again.' },
  target('of another webhook', 'webhook:staging'),
  target('in upper case', 'MAIL'),
  target('with a space', 'mail '),
  target('empty', ''),
  target('as a list', ['mail']),
  target('as a number', 1),
  target('null', null),
  target('as a URL', 'https://attacker.example/hook'),
  target('with a NUL', 'mail\u0000'),
  target('named __proto__', '__proto__'),
  { name: 'a submission id of another form', body: { id: randomUUID(), target: 'confirmation', sentAgain: 0 }, status: 404, message: 'This submission does not exist (any more).' },
  { name: 'a round smuggled in', body: { ...again, round: 5 }, status: 400, message: apiMessages.fields },
  { name: 'a webhook address smuggled in', body: { ...again, url: 'https://attacker.example/hook' }, status: 400, message: apiMessages.fields },
]);

const send = { id: fixture.id, webhookType: 'test' };
const type = (name: string, value: unknown): BadCase => ({ name: `webhookType ${name}`, body: { ...send, webhookType: value }, ...refused('webhookType', staffMessages.webhookType) });
badInputTable(fixture.endpoint(routes.sendToWebhook), [
  ...callerCases(fixture, send),
  ...jsonBodyCases(routes.sendToWebhook, send, { unknownKeys: 'refused' }),
  ...idBodyCases({ webhookType: 'test' }),
  type('of another stage', 'staging'),
  type('in upper case', 'PROD'),
  type('with a space', 'test '),
  type('empty', ''),
  type('as a list', ['test']),
  type('as a number', 0),
  type('null', null),
  type('as a URL', 'https://attacker.example/hook'),
  type('as a boolean', true),
  { name: 'a webhook address smuggled in', body: { ...send, url: 'https://attacker.example/hook' }, status: 400, message: apiMessages.fields },
  { name: 'data of the caller smuggled in (the helper sends stored data only)', body: { ...send, data: { name: 'x' } }, status: 400, message: apiMessages.fields },
  { name: 'files of the caller smuggled in', body: { ...send, files: [{ name: 'a.txt', data: 'YQ==' }] }, status: 400, message: apiMessages.fields },
]);
