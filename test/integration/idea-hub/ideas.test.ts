/**
 * An idea goes from POST /api/ideas to both automation webhooks and the support mailbox, and is never lost to
 * a webhook that is down. The handlers run in this process against the local stack's DynamoDB, S3 and SES, as
 * Lambda would run them (the delivery function each idea is handed to as well, on an in-process Lambda service);
 * the two webhooks are two local receivers that record what they get. Time is moved
 * with a fake Date (timers stay real) instead of waiting for the backoff.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as ideas } from '../../../lambdas/handlers/ideas';
import { handler as deliveryRetry } from '../../../lambdas/handlers/delivery-retry';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from '../../../lambdas/domain/submissions/record';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { routes } from '@shared/contract/api';
import { httpEvent, lambdaContext as context } from '../../helpers/http-event';
import { inProcessLambda, type InProcessLambda } from '../../helpers/in-process-lambda';
import { storedSubmission, submissionMails } from '../../helpers/submissions';
import { csvFile, pdfFile, stack, uploadForIdea, validIdea } from './support';

const secret = stack.env.WEBHOOK_SIGNING_SECRET ?? '';
let test: WebhookReceiver;
let prod: WebhookReceiver;
let lambda: InProcessLambda;
const original = { test: process.env.WEBHOOK_TEST_URL, prod: process.env.WEBHOOK_PROD_URL };

beforeAll(async () => {
  test = await startWebhookReceiver('/hooks/test');
  prod = await startWebhookReceiver('/hooks/prod');
  // The handlers read the webhook URLs from their environment, as deployed.
  process.env.WEBHOOK_TEST_URL = test.url;
  process.env.WEBHOOK_PROD_URL = prod.url;
  lambda = await inProcessLambda();
});
afterAll(async () => {
  process.env.WEBHOOK_TEST_URL = original.test;
  process.env.WEBHOOK_PROD_URL = original.prod;
  await lambda.stop();
  await Promise.all([test.close(), prod.close()]);
});
beforeEach(() => {
  test.recover();
  prod.recover();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function submit(body: unknown, id = randomUUID()) {
  const result = await ideas(httpEvent(routes.createIdea, body, { headers: { 'idempotency-key': id } }), context);
  // The first delivery attempt runs in the delivery function, after the answer.
  await lambda.drain();
  return { id, status: result.statusCode, body: JSON.parse(result.body ?? '{}') as { id?: string; message?: string } };
}

const callsFor = (receiver: WebhookReceiver, id: string) =>
  receiver.calls.filter((c) => (c.json as { data?: { title?: string } } | undefined) && c.idempotencyKey?.startsWith(id));

/** Moves the fake clock past the next backoff step and runs the scheduled retry handler. */
async function retryAfter(seconds: number) {
  vi.setSystemTime(Date.now() + (seconds + 5) * 1000);
  return deliveryRetry({}, context);
}

describe('POST /api/ideas with both webhooks up', () => {
  it('stores the idea, answers 201 { id }, and both webhooks get the exact payload, signed, with the files in base64', async () => {
    const token = randomUUID().slice(0, 8);
    const files = [pdfFile('business-plan.pdf', 6000), csvFile('clinics.csv')];
    const keys = await uploadForIdea(files);
    const before = Date.now();
    const answer = await submit({ ...validIdea(token), files: keys });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: answer.id });

    const stored = (await storedSubmission(answer.id)) as { kind: string; data: { submittedAt: string }; deliveries: Record<string, { state: string; attempts: number }> };
    expect(stored.kind).toBe('idea');
    const submittedAt = stored.data.submittedAt;
    expect(new Date(submittedAt).toISOString()).toBe(submittedAt);
    expect(Date.parse(submittedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.data).toEqual({ ...validIdea(token), submittedAt });
    expect(stored.deliveries).toEqual({
      'webhook:test': expect.objectContaining({ state: 'sent', attempts: 1 }),
      'webhook:prod': expect.objectContaining({ state: 'sent', attempts: 1 }),
      mail: expect.objectContaining({ state: 'sent', attempts: 1 }),
      // The visitor's confirmation mail: a delivery of its own (this address may have had its one today).
      confirmation: expect.objectContaining({ state: expect.stringMatching(/^(sent|skipped)$/), attempts: 1 }),
      // The 24-hour watch's reminders, held until 20 and 24 hours after the idea arrived.
      'reminder:20h': expect.objectContaining({ state: 'pending', attempts: 0, dueAt: expect.any(String) }),
      'reminder:24h': expect.objectContaining({ state: 'pending', attempts: 0, dueAt: expect.any(String) }),
    });

    for (const [type, receiver] of [['test', test], ['prod', prod]] as const) {
      const calls = callsFor(receiver, answer.id);
      expect(calls).toHaveLength(1);
      const call = calls[0]!;
      expect(call.method).toBe('POST');
      expect(call.path).toBe(`/hooks/${type}`);
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.idempotencyKey).toBe(`${answer.id}:webhook:${type}`);
      expect(receiver.signatureValid(call, secret)).toBe(true);
      expect(receiver.signatureValid(call, 'some other secret')).toBe(false);
      expect(call.json).toEqual({
        webhookType: type,
        data: { ...validIdea(token), submittedAt },
        files: [
          { name: 'business-plan.pdf', type: 'application/pdf', size: 6000, data: expect.any(String) },
          { name: 'clinics.csv', type: 'text/csv', size: files[1]!.content.byteLength, data: expect.any(String) },
        ],
      });
      const sent = (call.json as { files: { data: string }[] }).files;
      sent.forEach((item, i) => expect(new Uint8Array(Buffer.from(item.data, 'base64'))).toEqual(files[i]!.content));
    }

    const mails = await submissionMails(answer.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`App idea: Shift planner ${token} (from Ada Lovelace)`);
    expect(mails[0]!.destination.to).toEqual((stack.env.MAIL_TO ?? '').split(','));
    expect(mails[0]!.body.text).toContain(`Submitted at: ${submittedAt}`);
    expect(mails[0]!.attachments.map((a) => a.filename)).toEqual(['business-plan.pdf', 'clinics.csv']);
  });

  it('stores and delivers a repeated request (same idempotency key) once', async () => {
    const id = randomUUID();
    const body = validIdea(randomUUID().slice(0, 8));
    expect((await submit(body, id)).status).toBe(201);
    const again = await submit(body, id);
    expect(again).toMatchObject({ status: 200, body: { id } });
    expect(callsFor(test, id)).toHaveLength(1);
    expect(callsFor(prod, id)).toHaveLength(1);
    expect(await submissionMails(id)).toHaveLength(1);
  });

  it('refuses invalid ideas with the form messages and stores nothing', async () => {
    const id = randomUUID();
    const answer = await submit({ ...validIdea('x'), title: 'A', email: 'nope', budget: 'a lot' }, id);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      fieldErrors: {
        title: ['App title must be at least 2 characters.'],
        email: ['Please enter a valid email address.'],
        budget: ['Please indicate your budget.'],
      },
    });
    const unknownUpload = await submit({ ...validIdea('x'), files: [`incoming/${randomUUID()}/ghost.pdf`] });
    expect(unknownUpload).toMatchObject({ status: 400, body: { fieldErrors: { files: [expect.stringMatching(/ghost\.pdf was not uploaded/)] } } });
    expect(await storedSubmission(id)).toBeUndefined();
    expect(await storedSubmission(unknownUpload.id)).toBeUndefined();
    expect(callsFor(test, id)).toEqual([]);
  });
});

describe("when the 'prod' webhook is down at first", () => {
  it("accepts the idea, 'test' gets it once, and 'prod' gets it exactly once after it comes back", async () => {
    prod.goDown();
    const keys = await uploadForIdea([pdfFile('deck.pdf', 2048)]);
    const answer = await submit({ ...validIdea(randomUUID().slice(0, 8)), files: keys });
    expect(answer.status).toBe(201);
    expect(callsFor(test, answer.id)).toHaveLength(1);
    expect(callsFor(prod, answer.id)).toHaveLength(0);
    expect(await storedSubmission(answer.id)).toMatchObject({
      retryQueue: 'pending',
      deliveries: { 'webhook:test': { state: 'sent' }, 'webhook:prod': { state: 'pending', attempts: 1 }, mail: { state: 'sent' } },
    });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await retryAfter(RETRY_DELAYS_SECONDS[0]); // still down
    expect(await storedSubmission(answer.id)).toMatchObject({ deliveries: { 'webhook:prod': { state: 'pending', attempts: 2 } } });

    prod.recover();
    await retryAfter(RETRY_DELAYS_SECONDS[1]);
    await retryAfter(RETRY_DELAYS_SECONDS[2]); // nothing left to send
    await retryAfter(24 * 3600);

    const prodCalls = callsFor(prod, answer.id);
    expect(prodCalls).toHaveLength(1);
    expect(prodCalls[0]!.idempotencyKey).toBe(`${answer.id}:webhook:prod`);
    expect(prod.signatureValid(prodCalls[0]!, secret)).toBe(true);
    expect(prodCalls[0]!.json).toMatchObject({ webhookType: 'prod', files: [{ name: 'deck.pdf', size: 2048 }] });
    expect(callsFor(test, answer.id)).toHaveLength(1);
    expect(await submissionMails(answer.id)).toHaveLength(1);
    const stored = await storedSubmission(answer.id);
    expect(stored).toMatchObject({ deliveries: { 'webhook:prod': { state: 'sent', attempts: 3 } } });
    expect(stored).not.toHaveProperty('retryQueue');
  });
});

describe("when the 'prod' webhook is down for good", () => {
  it("marks that delivery failed after the last try, visible in the table and the log, and keeps the idea", async () => {
    prod.failWith(503);
    // The structured log lines (errors go to stderr), as CloudWatch would receive them.
    const lines: string[] = [];
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
        lines.push(String(chunk));
        return write(chunk, ...(rest as []));
      });
    }

    const token = randomUUID().slice(0, 8);
    const answer = await submit(validIdea(token));
    expect(answer.status).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (const delay of RETRY_DELAYS_SECONDS) await retryAfter(delay);
    await retryAfter(24 * 3600); // nothing more is tried

    const stored = await storedSubmission(answer.id);
    expect(stored).toMatchObject({
      data: validIdea(token),
      deliveries: {
        'webhook:test': { state: 'sent', attempts: 1 },
        'webhook:prod': { state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'The prod webhook answered 503', failedAt: expect.any(String) },
        mail: { state: 'sent', attempts: 1 },
      },
    });
    expect(stored).not.toHaveProperty('retryQueue');
    // Every attempt reached the receiver with the same idempotency key, so it could have dropped duplicates.
    expect(callsFor(prod, answer.id).map((c) => c.idempotencyKey)).toEqual(Array(MAX_ATTEMPTS).fill(`${answer.id}:webhook:prod`));

    const failures = lines
      .flatMap((l) => l.split('\n'))
      .filter((l) => l.includes('"delivery failed"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(failures).toEqual([
      expect.objectContaining({ level: 'ERROR', message: 'delivery failed', submissionId: answer.id, delivery: 'webhook:prod', final: true, attempts: MAX_ATTEMPTS }),
    ]);
  });
});
