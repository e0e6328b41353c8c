/**
 * POST /api/automation-webhook (the webhook helper; due to be removed) against the bad-input table (see
 * table.ts): nothing a refused case sends may reach the local webhook inbox. Its `data` is any JSON object by
 * design, so an empty object is a valid call and is not among the cases.
 */
import { routes } from '@shared/deployment/manifest';
import { webhookMessages } from '@shared/contract/schemas/automation-webhook';
import { webhookCalls } from '../../helpers/webhook-inbox';
import { runToken } from '../lead-capture/support';
import { apiMessages, badInputTable, jsonBodyCases, type BadCase } from './table';

const route = routes.sendToAutomationWebhook;
const token = runToken();
const valid = { webhookType: 'test', data: { note: `bad-input table ${token}` }, files: [] };
const file = { name: 'a.txt', type: 'text/plain', size: 3, data: 'YWJj' };
const refused = (name: string, body: unknown, field: string, fieldMessage?: string): BadCase => ({ name, body, status: 400, message: apiMessages.fields, field, fieldMessage });

badInputTable(
  {
    route,
    token,
    // The helper passes a UUID idempotency key on to the webhook: a delivered case would carry the case's id.
    leftBehind: async (id) => (await webhookCalls()).find((call) => call.headers['idempotency-key'] === id),
  },
  [
    ...jsonBodyCases(route, valid, { unknownKeys: 'refused' }).filter((c) => c.name !== 'an empty object'),
    refused('an unknown webhook type', { ...valid, webhookType: 'staging' }, 'webhookType', webhookMessages.type),
    refused('the webhook type as a number', { ...valid, webhookType: 1 }, 'webhookType', webhookMessages.type),
    refused('a webhook address of its own', { ...valid, url: 'https://attacker.example/hook' }, 'url', webhookMessages.urlRefused),
    refused('a webhookUrl field', { ...valid, webhookUrl: 'http://169.254.169.254/' }, 'webhookUrl', webhookMessages.urlRefused),
    refused('a target host field', { ...valid, host: 'localhost' }, 'host', webhookMessages.urlRefused),
    refused('data as an array', { ...valid, data: [1, 2] }, 'data', webhookMessages.data),
    refused('data as a string', { ...valid, data: 'hello' }, 'data', webhookMessages.data),
    refused('data as null', { ...valid, data: null }, 'data', webhookMessages.data),
    refused('six files', { ...valid, files: Array.from({ length: 6 }, () => file) }, 'files', webhookMessages.tooManyFiles),
    refused('files as an object', { ...valid, files: file }, 'files'),
    refused('a file whose data is not base64', { ...valid, files: [{ ...file, data: 'not base64!' }] }, 'files'),
    refused('a file whose size does not match', { ...valid, files: [{ ...file, size: 999 }] }, 'files'),
    refused('a file without a name', { ...valid, files: [{ ...file, name: '  ' }] }, 'files'),
    refused('a file size as a string', { ...valid, files: [{ ...file, size: '3' }] }, 'files'),
    refused('a file with an extra key', { ...valid, files: [{ ...file, url: 'https://x' }] }, 'files'),
  ],
);
