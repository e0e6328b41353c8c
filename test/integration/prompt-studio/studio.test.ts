/**
 * The prompt studio's API on the local stack's tables (issue 40): the proof of purchase (the browser that paid, the
 * purchase's account; nobody else, and not once refunded), versions in the promptStudios table with Get prompt
 * showing the latest, the files with their names and content types, the per-purchase limit, and the operator's
 * prompt webhook played by the local webhook inbox: its answer becomes the version; its failure keeps the answers,
 * tells the buyer plainly and leaves the staff one notice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { studioMessages } from '@shared/contract/schemas/prompt-studio/requests';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { studioRecords } from '../../../lambdas/data/prompt-studios';
import { purchaseStore } from '../../../lambdas/data/purchases';
import { dynamo } from '../../../lambdas/lib/dynamo';
import { tableName } from '../../../lambdas/lib/env';
import { browserKeyHash, newBrowserKey } from '../../../lambdas/domain/purchases/browser-binding';
import { VERSIONS_PER_WINDOW, VERSION_WINDOW_MINUTES } from '../../../lambdas/domain/prompt-studio/studio';
import { STUDIO_WEBHOOK_SCHEMA_VERSION } from '../../../lambdas/domain/prompt-studio/webhook';
import { handler as prompts } from '../../../lambdas/handlers/prompts';
import { handler as studio } from '../../../lambdas/handlers/prompt-studio';
import { createConfirmedUser, signIn, uniqueEmail, type TestUser, type Tokens } from '../../helpers/cognito';
import { call, httpEvent, lambdaContext } from '../../helpers/http-event';
import { localStack } from '../../helpers/local-stack';
import { paidCheckout } from '../../helpers/purchases';
import { agentAnswers, contentAnswers, supportAnswers } from '../../helpers/studio-answers';
import { storedSubmission } from '../../helpers/submissions';
import { answerHook, failHook, restoreHook, webhookCalls } from '../../helpers/webhook-inbox';

const KEYS = ['PROMPT_WEBHOOK_URL', 'PURCHASE_REQUIRED'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
const HOOK = `prompt-writer-${randomUUID().slice(0, 8)}`;
let ann: TestUser;
let annTokens: Tokens;

beforeAll(async () => {
  ann = await createConfirmedUser({ email: uniqueEmail('studio') });
  annTokens = await signIn(ann.email, ann.password);
});
beforeEach(() => {
  process.env.PROMPT_WEBHOOK_URL = '';
  process.env.PURCHASE_REQUIRED = 'true';
});
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});
afterAll(async () => restoreHook(HOOK));

/** A paid purchase of `appId`, tied to a new browser (as the success screen ties it); in Ann's account if asked. */
async function bought(appId: string, opts: { inAccount?: boolean } = {}) {
  const sessionId = `cs_test_studio_${randomUUID().replace(/-/g, '')}`;
  await purchaseStore.recordCompleted(paidCheckout(sessionId, 'buyer@example.com', { appId, ...(opts.inAccount ? { userId: ann.sub } : {}) }), new Date());
  const key = newBrowserKey();
  await purchaseStore.bindBrowser(sessionId, browserKeyHash(key));
  return { sessionId, cookie: { cookies: [`__Host-buyer=${key}`] } };
}

const browserCall = (route: keyof typeof routes, body: unknown, cookie: { cookies: string[] }) => call(studio, routes[route], body, cookie);
const accountCall = (route: keyof typeof routes, body: unknown, user: TestUser) => call(studio, routes[route], body, { claims: { sub: user.sub }, headers: { authorization: `Bearer ${annTokens.accessToken}` } });

describe('prompt studio API: proof of purchase', () => {
  it('opens for the browser that paid and refuses another browser, a browser without its key and the refunded purchase', async () => {
    const { sessionId, cookie } = await bought('ai-content-generator');
    const open = await browserCall('openPromptStudio', { sessionId }, cookie);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ purchase: { sessionId, appId: 'ai-content-generator' }, versions: [], answers: { appId: 'ai-content-generator' } });
    expect(await browserCall('openPromptStudio', { sessionId }, { cookies: [`__Host-buyer=${newBrowserKey()}`] })).toEqual({ status: 403, body: { message: purchaseMessages.otherBrowser } });
    expect((await call(studio, routes.openPromptStudio, { sessionId })).status).toBe(403);
    expect((await accountCall('openAccountPromptStudio', { sessionId }, ann)).body).toEqual({ message: purchaseMessages.notInAccount });
    await purchaseStore.markRefunded(sessionId, 'refund', new Date());
    for (const [route, body] of [
      ['openPromptStudio', { sessionId }],
      ['createPromptVersion', { sessionId, source: 'answers', answers: contentAnswers() }],
      ['keepPromptAnswers', { sessionId, answers: contentAnswers() }],
      ['downloadPromptFile', { sessionId, version: 1, format: 'md' }],
    ] as const) {
      expect(await browserCall(route, body, cookie), route).toEqual({ status: 403, body: { message: purchaseMessages.refunded } });
    }
  });

  it('opens a purchase in the account on any device, through the account routes only', async () => {
    const { sessionId } = await bought('ai-customer-support', { inAccount: true });
    const saved = await accountCall('createAccountPromptVersion', { sessionId, source: 'answers', answers: supportAnswers() }, ann);
    expect(saved).toMatchObject({ status: 201, body: { version: { number: 1, source: 'writer' } } });
    expect((await accountCall('openAccountPromptStudio', { sessionId }, ann)).body).toMatchObject({ version: { number: 1, text: expect.stringContaining('Parcelo') } });
    expect((await call(studio, routes.openAccountPromptStudio, { sessionId })).status).toBe(401);
  });
});

describe('prompt studio API: versions, files and limits', () => {
  it('keeps answers, saves versions, restores and edits, and Get prompt shows the latest version', async () => {
    const { sessionId, cookie } = await bought('ai-system-prompt-generator');
    expect((await browserCall('keepPromptAnswers', { sessionId, answers: { appId: 'ai-system-prompt-generator', business: { name: 'Half' } } }, cookie)).status).toBe(200);
    expect((await browserCall('openPromptStudio', { sessionId }, cookie)).body).toMatchObject({ answers: { business: { name: 'Half' } }, answersKeptAt: expect.any(String) });
    const first = await browserCall('createPromptVersion', { sessionId, source: 'answers', answers: agentAnswers() }, cookie);
    const second = await browserCall('createPromptVersion', { sessionId, source: 'answers', answers: agentAnswers({}, { tone: { ...agentAnswers().tone, preset: 'formal' } }) }, cookie);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await browserCall('createPromptVersion', { sessionId, source: 'restore', version: 1 }, cookie)).toMatchObject({ status: 201, body: { version: { number: 3, source: 'restore', basedOn: 1 } } });
    await browserCall('createPromptVersion', { sessionId, source: 'edit', basedOn: 3, text: 'Edited by hand: be kind.' }, cookie);
    const state = await browserCall('openPromptStudio', { sessionId }, cookie);
    expect((state.body.versions as { number: number; source: string }[]).map((v) => `${v.number}:${v.source}`)).toEqual(['4:edit', '3:restore', '2:writer', '1:writer']);
    expect(state.body.answers).toEqual(agentAnswers());
    expect(await call(prompts, routes.getPrompt, { appId: 'ai-system-prompt-generator', sessionId }, cookie)).toEqual({ status: 200, body: { prompt: 'Edited by hand: be kind.' } });
  });

  it('answers a version as Markdown, plain text and JSON answers, named after the app, the business and the version', async () => {
    const { sessionId, cookie } = await bought('ai-system-prompt-generator');
    await browserCall('createPromptVersion', { sessionId, source: 'answers', answers: agentAnswers() }, cookie);
    const file = async (format: string) => studio(httpEvent(routes.downloadPromptFile, { sessionId, version: 1, format }, cookie), lambdaContext);
    const md = await file('md');
    expect(md.statusCode).toBe(200);
    expect(md.headers).toMatchObject({ 'content-type': 'text/markdown; charset=utf-8', 'content-disposition': expect.stringContaining('filename="ai-system-prompt-generator-bright-smile-dental-v1.md"') });
    expect(md.body).toMatch(/^# System prompt: Appointment Reminder Bot for Bright Smile Dental\n/);
    const txt = await file('txt');
    expect(txt.headers).toMatchObject({ 'content-type': 'text/plain; charset=utf-8', 'content-disposition': expect.stringContaining('-v1.txt"') });
    expect(txt.body).not.toMatch(/^#/m);
    const json = await file('json');
    expect(json.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'content-disposition': expect.stringContaining('-v1-answers.json"') });
    expect(JSON.parse(json.body ?? '')).toMatchObject({ format: 'cadence-prompt-studio-answers', appId: 'ai-system-prompt-generator', promptVersion: 1, answers: agentAnswers() });
    expect(await browserCall('downloadPromptFile', { sessionId, version: 7, format: 'md' }, cookie)).toEqual({ status: 404, body: { message: studioMessages.noVersion } });
  });

  it('refuses answers the schema refuses with a message per field, and nothing is saved', async () => {
    const { sessionId, cookie } = await bought('ai-system-prompt-generator');
    const bad = await browserCall('createPromptVersion', { sessionId, source: 'answers', answers: { ...agentAnswers(), business: { name: ' ', website: '', location: 'x', hours: 'y' } } }, cookie);
    expect(bad).toEqual({ status: 400, body: { message: 'Please check the highlighted fields.', fieldErrors: { 'business.name': ['Please enter the name of the business.'] } } });
    expect((await browserCall('openPromptStudio', { sessionId }, cookie)).body).toMatchObject({ versions: [] });
  });

  it(`limits saves to ${VERSIONS_PER_WINDOW} in ${VERSION_WINDOW_MINUTES} minutes per purchase, with a clear message`, async () => {
    const { sessionId, cookie } = await bought('ai-content-generator');
    expect((await browserCall('createPromptVersion', { sessionId, source: 'answers', answers: contentAnswers() }, cookie)).status).toBe(201);
    // As if the buyer had saved all but one of the window's versions a minute ago (the unit tests save them one by one).
    await dynamo().send(new UpdateCommand({ TableName: tableName('promptStudios'), Key: { sessionId, item: 'studio' }, UpdateExpression: 'SET versionsWindowStart = :at, versionsCount = :n', ExpressionAttributeValues: { ':at': new Date(Date.now() - 60_000).toISOString(), ':n': VERSIONS_PER_WINDOW - 1 } }));
    expect((await browserCall('createPromptVersion', { sessionId, source: 'restore', version: 1 }, cookie)).status).toBe(201);
    expect(await browserCall('createPromptVersion', { sessionId, source: 'edit', basedOn: 1, text: 'One more.' }, cookie)).toEqual({
      status: 429,
      body: { message: studioMessages.tooManyVersions(VERSIONS_PER_WINDOW, VERSION_WINDOW_MINUTES) },
    });
    // A refused save was not written; another purchase is not affected.
    expect((await browserCall('openPromptStudio', { sessionId }, cookie)).body).toMatchObject({ versions: [{ number: 2 }, { number: 1 }] });
    const other = await bought('ai-content-generator');
    expect((await browserCall('createPromptVersion', { sessionId: other.sessionId, source: 'answers', answers: contentAnswers() }, other.cookie)).status).toBe(201);
  });
});

describe('prompt studio table: a person’s data', () => {
  it('hands a purchase’s answers and every version to the export, and deletes them all for an erasure', async () => {
    const { sessionId, cookie } = await bought('ai-content-generator');
    await browserCall('createPromptVersion', { sessionId, source: 'answers', answers: contentAnswers() }, cookie);
    await browserCall('createPromptVersion', { sessionId, source: 'edit', basedOn: 1, text: 'Mine.' }, cookie);
    expect(await studioRecords.everything(sessionId)).toMatchObject({ studio: { sessionId, draft: contentAnswers() }, versions: [{ number: 1, answers: contentAnswers() }, { number: 2, text: 'Mine.' }] });
    expect(await studioRecords.remove(sessionId)).toBe(3);
    expect(await studioRecords.everything(sessionId)).toBeUndefined();
  });
});

describe('prompt studio API: the operator’s prompt webhook', () => {
  beforeEach(() => {
    process.env.PROMPT_WEBHOOK_URL = `${localStack().webhookInboxUrl.replace(/\/+$/, '')}/hooks/${HOOK}`;
  });

  it('posts the versioned answers body, and its answer becomes the version', async () => {
    const { sessionId, cookie } = await bought('ai-content-generator');
    await answerHook(HOOK, { prompt: 'You write for Northwind Coffee, from the webhook.' });
    const since = Date.now();
    const saved = await browserCall('createPromptVersion', { sessionId, source: 'answers', answers: contentAnswers() }, cookie);
    expect(saved).toMatchObject({ status: 201, body: { version: { number: 1, source: 'webhook', text: 'You write for Northwind Coffee, from the webhook.' } } });
    const [sent] = await webhookCalls({ name: HOOK, since });
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ appId: 'ai-content-generator', kind: 'prompt-studio.answers', schemaVersion: STUDIO_WEBHOOK_SCHEMA_VERSION, answers: contentAnswers(), builtInPrompt: expect.stringContaining('Northwind Coffee') });
    expect(sent?.headers['x-signature']).toBeTruthy();
  });

  it('on a failure keeps the answers, tells the buyer plainly, and leaves the staff one notice', async () => {
    const { sessionId, cookie } = await bought('ai-customer-support');
    await failHook(HOOK, 503);
    const answers = supportAnswers({ product: { name: 'Lockbox', about: 'Smart lockers.' } });
    const failed = await browserCall('createPromptVersion', { sessionId, source: 'answers', answers }, cookie);
    expect(failed).toEqual({ status: 502, body: { message: studioMessages.serviceFailed('it answered with status 503') } });
    await browserCall('createPromptVersion', { sessionId, source: 'answers', answers }, cookie);
    const state = await browserCall('openPromptStudio', { sessionId }, cookie);
    expect(state.body).toMatchObject({ answers, versions: [], lastFailure: { message: studioMessages.serviceFailed('it answered with status 503') } });
    expect(await storedSubmission(`prompt-service-failed-${sessionId}`)).toMatchObject({ kind: 'saleNotice', data: { event: 'promptServiceFailed', sessionId, failure: 'it answered with status 503' } });
    await answerHook(HOOK, 'Back again.');
    expect(await browserCall('createPromptVersion', { sessionId, source: 'answers', answers }, cookie)).toMatchObject({ status: 201, body: { version: { text: 'Back again.' } } });
  });
});
