/**
 * POST /api/prompts against the bad-input table (see table.ts). Nothing is stored or sent on; what a refusal
 * must not carry is a prompt. Extra keys are dropped unread (the request is ids only).
 */
import { routes } from '@shared/deployment/manifest';
import { apiMessages, badInputTable, jsonBodyCases, type BadCase } from './table';

const route = routes.getPrompt;
const valid = { appId: 'ai-system-prompt-generator', fieldId: 'healthcare', subcategoryId: 'dentistry-offices', productId: 'patient-intake-bot' };
const idLabels = { appId: 'App', fieldId: 'Field', subcategoryId: 'Business type', productId: 'Product' } as const;

/** Each id refuses anything but lower-case letters, digits and dashes, with a message naming it. */
const idCases = (Object.entries(idLabels) as [keyof typeof idLabels, string][]).flatMap(([field, label]): BadCase[] =>
  (
    [
      ['NUL', 'healthcare\u0000x', `${label} is not a valid id.`],
      ['U+202E', 'health\u202ecare', `${label} is not a valid id.`],
      ['a path', '../../etc/passwd', `${label} is not a valid id.`],
      ['capitals', 'Healthcare', `${label} is not a valid id.`],
      ['a huge id', 'a'.repeat(5000), `${label} is too long.`],
      ['a number', 42, undefined],
    ] as [string, unknown, string | undefined][]
  ).map(([what, value, fieldMessage]) => ({
    name: `${field}: ${what}`,
    body: { ...valid, [field]: value },
    status: 400,
    message: apiMessages.fields,
    field,
    fieldMessage,
  })),
);
const sessionMessage = 'The checkout session id is not valid.';

badInputTable(
  { route, leftBehind: async (_id, _c, answer) => (answer.status >= 400 ? answer.body.prompt : undefined) },
  [
    ...jsonBodyCases(route, valid, { unknownKeys: 'ignored', ignoredAnswer: { status: 200 } }),
    ...idCases,
    { name: 'no app', body: { fieldId: 'healthcare' }, status: 400, message: apiMessages.fields, field: 'appId' },
    { name: 'an app the catalogue does not have', body: { ...valid, appId: 'free-prompts' }, status: 400, message: 'This app is not available.', field: 'appId' },
    { name: 'a product of another business type', body: { ...valid, productId: 'reservation-bot' }, status: 400, field: 'fieldId' },
    { name: 'a session id with a line break', body: { ...valid, sessionId: 'cs_test_1\r\nx' }, status: 400, field: 'sessionId', fieldMessage: sessionMessage },
    { name: 'a session id with markup', body: { ...valid, sessionId: '<script>' }, status: 400, field: 'sessionId', fieldMessage: sessionMessage },
    { name: 'a huge session id', body: { ...valid, sessionId: 'cs_'.padEnd(5000, 'x') }, status: 400, field: 'sessionId' },
  ],
);
