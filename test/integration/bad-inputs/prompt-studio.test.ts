/**
 * The prompt studio's public routes against the bad-input table (see table.ts), from the browser that paid (its
 * key in the cookie, so the answers' own rules are reached): every refusal names its field (the answers' by their
 * dotted path, as the form names its inputs), never a 5xx, and nothing is kept: no version, no answers.
 */
import { beforeAll } from 'vitest';
import { routes } from '@shared/contract/api';
import { purchaseNotVerifiedMessage } from '@shared/contract/schemas/prompt';
import { PROMPT_TEXT_MAX } from '@shared/contract/schemas/prompt-studio/requests';
import { promptStudiosTable } from '../../../lambdas/data/prompt-studios';
import { purchaseStore } from '../../../lambdas/data/purchases';
import { browserKeyHash, newBrowserKey } from '../../../lambdas/domain/purchases/browser-binding';
import { paidCheckout } from '../../helpers/purchases';
import { agentAnswers } from '../../helpers/studio-answers';
import { madeUpSessionId, sessionIdCases } from './accounts';
import { apiMessages, badInputTable, jsonBodyCases, textFieldCases, type BadCase } from './table';

const sessionId = madeUpSessionId();
const key = newBrowserKey();
beforeAll(async () => {
  await purchaseStore.recordCompleted(paidCheckout(sessionId, 'studio-table@example.com', { appId: 'ai-system-prompt-generator' }), new Date());
  await purchaseStore.bindBrowser(sessionId, browserKeyHash(key));
});

const endpoint = (route: (typeof routes)[keyof typeof routes]) => ({
  route,
  headers: () => ({ cookie: `__Host-buyer=${key}` }),
  // Nothing kept for the purchase: no version, no answers (a refusal must come before anything is written).
  leftBehind: async () => {
    const [record, versions] = await Promise.all([promptStudiosTable.get(sessionId), promptStudiosTable.listVersions(sessionId)]);
    return versions.length > 0 || record?.draft !== undefined ? { versions, draft: record?.draft } : undefined;
  },
});
const fields = { status: 400, message: apiMessages.fields } as const;
const notPaid = { status: 403, message: purchaseNotVerifiedMessage } as const;
const versionCases = (set: (v: unknown) => object, field = 'version'): BadCase[] =>
  (
    [
      ['zero', 0],
      ['negative', -1],
      ['a fraction', 1.5],
      ['a string', '1'],
      ['huge', 1e12],
      ['null', null],
    ] as const
  ).map(([what, value]) => ({ name: `${field}: ${what}`, body: set(value), ...fields, field, fieldMessage: 'Please choose a version.' }));

// POST /api/prompt-studio/versions: a version from answers, by hand, or a restore.
const answersBody = (answers: object) => ({ sessionId, source: 'answers', answers });
const withAnswer = (path: (a: ReturnType<typeof agentAnswers>, v: unknown) => object) => (value: unknown) => answersBody(path(agentAnswers(), value));
badInputTable(endpoint(routes.createPromptVersion), [
  ...jsonBodyCases(routes.createPromptVersion, answersBody(agentAnswers()), { unknownKeys: 'refused' }),
  ...sessionIdCases((v) => ({ ...answersBody(agentAnswers()), sessionId: v })),
  ...textFieldCases(routes.createPromptVersion, { field: 'business.name', label: 'Business name', set: withAnswer((a, v) => ({ ...a, business: { ...a.business, name: v } })), max: 100, message: 'Please enter the name of the business.' }),
  ...textFieldCases(routes.createPromptVersion, {
    field: 'policies.cancellation',
    label: 'Cancellation policy',
    set: withAnswer((a, v) => ({ ...a, policies: { ...a.policies, cancellation: v } })),
    max: 1500,
    multiLine: true,
    message: 'Please enter cancellation policy.',
  }),
  { name: 'no source', body: { sessionId, answers: agentAnswers() }, ...fields, field: 'source' },
  { name: 'an unknown source', body: { sessionId, source: 'magic', answers: agentAnswers() }, ...fields, field: 'source' },
  { name: 'answers that are not an object', body: answersBody(['a'] as never), ...fields, field: 'answers', fieldMessage: 'The answers must be an object.' },
  { name: 'answers of another app', body: answersBody({ ...agentAnswers(), appId: 'ai-content-generator' }), ...fields, field: 'appId', fieldMessage: 'These answers are for another app.' },
  { name: 'an empty form', body: answersBody({ appId: 'ai-system-prompt-generator' }), ...fields, field: 'business' },
  { name: 'a business type the catalogue does not have', body: withAnswer((a, v) => ({ ...a, subcategoryId: v }))('spaceports'), ...fields, field: 'subcategoryId', fieldMessage: 'Please choose a business type from the list.' },
  { name: 'a channel that does not exist', body: withAnswer((a, v) => ({ ...a, channels: v }))(['fax']), ...fields, field: 'channels.0', fieldMessage: 'Please choose channels from the list.' },
  { name: '31 services', body: withAnswer((a, v) => ({ ...a, offerings: v }))(Array.from({ length: 31 }, (_, i) => ({ name: `S${i}`, price: '', details: '' }))), ...fields, field: 'offerings' },
  { name: 'a web address with a space', body: withAnswer((a, v) => ({ ...a, business: { ...a.business, website: v } }))('my site.example'), ...fields, field: 'business.website', fieldMessage: 'Please enter a web address, like example.com.' },
  { name: 'an edit without its text', body: { sessionId, source: 'edit', basedOn: 1 }, ...fields, field: 'text' },
  { name: 'an edit of blanks', body: { sessionId, source: 'edit', basedOn: 1, text: '   ' }, ...fields, field: 'text', fieldMessage: 'Please enter the prompt.' },
  { name: 'an edit over the longest prompt', body: { sessionId, source: 'edit', basedOn: 1, text: 'x'.repeat(PROMPT_TEXT_MAX + 1) }, ...fields, field: 'text', fieldMessage: 'Please keep the prompt under 60,000 characters.' },
  { name: 'an edit with NUL', body: { sessionId, source: 'edit', basedOn: 1, text: 'a\u0000b' }, ...fields, field: 'text', fieldMessage: 'The prompt contains characters that are not allowed.' },
  { name: 'an edit of a version that does not exist', body: { sessionId, source: 'edit', basedOn: 5, text: 'Hi.' }, status: 404, message: 'There is no such version of this prompt.' },
  ...versionCases((v) => ({ sessionId, source: 'restore', version: v })),
  { name: 'a session nobody paid', body: { ...answersBody(agentAnswers()), sessionId: madeUpSessionId() }, ...notPaid },
]);

// PUT /api/prompt-studio/answers: answers kept while typing.
badInputTable(endpoint(routes.keepPromptAnswers), [
  ...jsonBodyCases(routes.keepPromptAnswers, { sessionId, answers: agentAnswers() }, { unknownKeys: 'refused' }),
  ...sessionIdCases((v) => ({ sessionId: v, answers: agentAnswers() })),
  { name: 'no answers', body: { sessionId }, ...fields, field: 'answers' },
  { name: 'answers as a string', body: { sessionId, answers: 'all of them' }, ...fields, field: 'answers', fieldMessage: 'The answers must be an object.' },
  { name: 'answers as an array', body: { sessionId, answers: [agentAnswers()] }, ...fields, field: 'answers', fieldMessage: 'The answers must be an object.' },
  { name: 'answers of another app', body: { sessionId, answers: { appId: 'ai-customer-support' } }, ...fields, field: 'appId', fieldMessage: 'These answers are for another app.' },
  { name: 'answers without their app', body: { sessionId, answers: { business: { name: 'x' } } }, ...fields, field: 'appId' },
  { name: 'a session nobody paid', body: { sessionId: madeUpSessionId(), answers: agentAnswers() }, ...notPaid },
]);

// POST /api/prompt-studio: open the studio.
badInputTable(endpoint(routes.openPromptStudio), [
  ...jsonBodyCases(routes.openPromptStudio, { sessionId }, { unknownKeys: 'refused' }),
  ...sessionIdCases((v) => ({ sessionId: v })),
  ...versionCases((v) => ({ sessionId, version: v })),
  { name: 'a version that does not exist', body: { sessionId, version: 3 }, status: 404, message: 'There is no such version of this prompt.' },
  { name: 'a session nobody paid', body: { sessionId: madeUpSessionId() }, ...notPaid },
]);

// POST /api/prompt-studio/files: a version's file.
const file = { sessionId, version: 1, format: 'md' };
badInputTable(endpoint(routes.downloadPromptFile), [
  ...jsonBodyCases(routes.downloadPromptFile, file, { unknownKeys: 'refused' }),
  ...sessionIdCases((v) => ({ ...file, sessionId: v })),
  ...versionCases((v) => ({ ...file, version: v })),
  ...(['pdf', 'MD', '../md', '', 42, null] as const).map((format): BadCase => ({ name: `format: ${JSON.stringify(format)}`, body: { ...file, format }, ...fields, field: 'format', fieldMessage: 'Please choose Markdown, plain text or the answers (JSON).' })),
  { name: 'a version that does not exist', body: file, status: 404, message: 'There is no such version of this prompt.' },
  { name: 'a session nobody paid', body: { ...file, sessionId: madeUpSessionId() }, ...notPaid },
]);
