/**
 * Calls to the automation webhooks and the prompt webhook against local receivers that record: a redirect is a
 * failed attempt and is not followed, a huge answer is read only up to a bound, a receiver that never answers is
 * given up on at the timeout with its connection closed, and every call is signed over time, idempotency key and
 * body.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpWebhookSender } from '../../../../lambdas/adapters/http-webhook';
import { httpPromptWebhook } from '../../../../lambdas/adapters/prompt-webhook';
import { MAX_ANSWER_BYTES, signedPost } from '../../../../lambdas/adapters/signed-post';
import { signWebhookBody } from '../../../../lambdas/domain/submissions/webhook-signature';
import { startWebhookReceiver, type WebhookReceiver } from '../../../helpers/webhook-receiver';

const SECRET = 'outgoing-calls-test-secret';
const KEYS = ['WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL', 'WEBHOOK_SIGNING_SECRET'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

let hook: WebhookReceiver;
let elsewhere: WebhookReceiver;

beforeAll(async () => {
  hook = await startWebhookReceiver('/hook');
  elsewhere = await startWebhookReceiver('/elsewhere');
});
afterAll(async () => {
  await hook.close();
  await elsewhere.close();
});
beforeEach(() => {
  process.env.WEBHOOK_TEST_URL = hook.url;
  process.env.WEBHOOK_PROD_URL = hook.url;
  process.env.WEBHOOK_SIGNING_SECRET = SECRET;
  hook.calls.length = 0;
  elsewhere.calls.length = 0;
  hook.recover();
});
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const key = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('automation webhook calls', () => {
  it('are signed over time, idempotency key and body', async () => {
    await expect(httpWebhookSender().post('test', { lead: 'Ada' }, key)).resolves.toEqual({ status: 200, body: { received: true } });
    expect(hook.calls).toHaveLength(1);
    expect(hook.calls[0]!.idempotencyKey).toBe(key);
    expect(hook.signatureValid(hook.calls[0]!, SECRET)).toBe(true);
    expect(hook.signatureValid(hook.calls[0]!, 'another-secret')).toBe(false);
  });

  it('treat a 302 as a failed attempt and do not follow it', async () => {
    hook.redirectTo(elsewhere.url);
    await expect(httpWebhookSender().post('prod', { lead: 'Ada' }, key)).rejects.toThrow('The prod webhook answered 302');
    expect(hook.calls).toHaveLength(1);
    expect(elsewhere.calls).toHaveLength(0);
  });

  it('give up on a receiver that never answers at the timeout, closing the connection', async () => {
    hook.hang();
    const started = Date.now();
    await expect(httpWebhookSender(300).post('test', { lead: 'Ada' }, key)).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The receiver sees its socket closed: the request was cancelled, not merely no longer awaited.
    await hook.hungCallClosed();
    expect(hook.calls).toHaveLength(1);
  });
});

describe('reading an answer', () => {
  it('stops after the bound and does not download the rest', async () => {
    const huge = 50 * 1024 * 1024;
    hook.answerHuge(huge);
    const answer = await httpPromptWebhook(hook.url).post({ appId: 'a', appName: 'A' });
    expect(answer.status).toBe(200);
    expect(Buffer.byteLength(answer.text)).toBe(MAX_ANSWER_BYTES);
    // Socket buffers hold some more, but nowhere near the whole 50 MB answer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hook.hugeBytesWritten).toBeLessThan(huge / 4);
  });

  it('of ordinary size is read whole', async () => {
    hook.answerHuge(1000);
    const answer = await signedPost({ url: hook.url, body: '{}', idempotencyKey: key, secret: SECRET, timeoutMs: 10_000 });
    expect(answer).toEqual({ status: 200, text: 'a'.repeat(1000), truncated: false });
  });
});

describe('prompt webhook calls', () => {
  it('carry a valid signature with a fresh idempotency key each', async () => {
    hook.answer({ prompt: 'You are the intake assistant.' });
    const webhook = httpPromptWebhook(hook.url);
    await expect(webhook.post({ appId: 'a', appName: 'A' })).resolves.toEqual({ status: 200, text: '{"prompt":"You are the intake assistant."}' });
    await webhook.post({ appId: 'a', appName: 'A' });
    expect(hook.calls).toHaveLength(2);
    for (const call of hook.calls) expect(hook.signatureValid(call, SECRET)).toBe(true);
    expect(hook.calls[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(hook.calls[0]!.idempotencyKey).not.toBe(hook.calls[1]!.idempotencyKey);
  });

  it('do not follow a redirect: the 302 is what the prompt source sees', async () => {
    hook.redirectTo(elsewhere.url);
    await expect(httpPromptWebhook(hook.url).post({ appId: 'a', appName: 'A' })).resolves.toMatchObject({ status: 302 });
    expect(elsewhere.calls).toHaveLength(0);
  });

  it('give up at the timeout, closing the connection', async () => {
    hook.hang();
    await expect(httpPromptWebhook(hook.url, 300).post({ appId: 'a', appName: 'A' })).rejects.toThrow(/timeout|aborted/i);
    await hook.hungCallClosed();
  });
});

describe('the signature', () => {
  it('changes when the idempotency key, the body or the time changes', () => {
    const base = signWebhookBody(SECRET, 1_800_000_000, key, '{"a":1}');
    expect(signWebhookBody(SECRET, 1_800_000_000, key, '{"a":1}')).toBe(base);
    expect(signWebhookBody(SECRET, 1_800_000_000, 'another-key', '{"a":1}')).not.toBe(base);
    expect(signWebhookBody(SECRET, 1_800_000_000, key, '{"a":2}')).not.toBe(base);
    expect(signWebhookBody(SECRET, 1_800_000_001, key, '{"a":1}')).not.toBe(base);
  });

  it('of a call no longer verifies once its idempotency key is swapped', async () => {
    await httpWebhookSender().post('test', { lead: 'Ada' }, key);
    const call = hook.calls[0]!;
    expect(hook.signatureValid({ ...call, idempotencyKey: 'a-replayed-key' }, SECRET)).toBe(false);
  });
});
