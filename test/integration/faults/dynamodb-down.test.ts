/**
 * DynamoDB unreachable while a visitor submits: the visitor is told plainly to try again (503), nothing is
 * half-stored, the uploaded file is not claimed; the same request (same idempotency key) once DynamoDB is back
 * is stored and mailed exactly once. The handler runs in this process with the table's endpoint pointed at a
 * closed port for the failing call only.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { handler as demoRequests } from '../../../lambdas/handlers/demo-requests';
import { routes } from '@shared/contract/api';
import { functions } from '@shared/deployment/manifest';
import { httpEvent, lambdaContext as context } from '../../helpers/http-event';
import { storedSubmission, submissionMails } from '../../helpers/submissions';
import { objectKeys, pdfBytes, runToken, upload, validDemo, waitFor } from '../lead-capture/support';
import { closedPortUrl, setEnv, silentService } from './support';

let restore: (() => void) | undefined;
let silent: Awaited<ReturnType<typeof silentService>> | undefined;
afterEach(async () => {
  restore?.();
  restore = undefined;
  await silent?.close();
  silent = undefined;
});

describe('with DynamoDB unreachable during a submission', () => {
  it('answers 503 "please try again", stores and claims nothing, and the retry with the same key is stored and mailed once', async () => {
    const keys = await upload([{ name: 'brief.pdf', type: 'application/pdf', content: pdfBytes(2048) }]);
    const id = randomUUID();
    // The same request each time (same key, same body): a different body under the same key would be a 422.
    const body = { ...validDemo(runToken()), files: keys };
    const request = () => demoRequests(httpEvent(routes.createDemoRequest, body, { headers: { 'idempotency-key': id } }), context);

    restore = setEnv({ AWS_ENDPOINT_URL_DYNAMODB: await closedPortUrl() });
    const refused = await request();
    restore();
    restore = undefined;

    expect(refused.statusCode).toBe(503);
    expect(JSON.parse(refused.body ?? '{}').message).toMatch(/please try again/i);
    expect(await storedSubmission(id)).toBeUndefined();
    expect(await objectKeys(`attachments/${id}/`)).toEqual([]);
    expect(await objectKeys(keys[0]!)).toEqual([keys[0]]);

    const accepted = await request();
    expect(accepted.statusCode).toBe(201);
    // A demo request also answers its booking token: the site offers to pick the demo's time at once (issue 41).
    expect(JSON.parse(accepted.body ?? '{}')).toEqual({ id, bookingToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    // Delivered by the stack's delivery function after the answer.
    const mails = await waitFor(() => submissionMails(id), (m) => m.length > 0);
    expect(mails).toHaveLength(1);
    expect(await objectKeys(`attachments/${id}/`)).toHaveLength(1);

    // A third send of the same request changes nothing.
    expect((await request()).statusCode).toBe(200);
    await waitFor(() => storedSubmission(id), (s) => !s?.retryQueue);
    expect(await storedSubmission(id)).toMatchObject({ deliveries: { mail: { state: 'sent', attempts: 1 } } });
    expect(await submissionMails(id)).toHaveLength(1);
  });
});

describe('with DynamoDB accepting connections but never answering', () => {
  it('answers 503 "please try again" well inside the function\'s timeout, after the SDK gave up its attempts, and stores nothing', async () => {
    silent = await silentService();
    const id = randomUUID();
    restore = setEnv({ AWS_ENDPOINT_URL_DYNAMODB: silent.url });
    const started = Date.now();
    const answer = await demoRequests(httpEvent(routes.createDemoRequest, validDemo(runToken()), { headers: { 'idempotency-key': id } }), context);
    const seconds = (Date.now() - started) / 1000;
    restore();
    restore = undefined;

    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body ?? '{}').message).toMatch(/please try again/i);
    // Three attempts of at most 2 s each (lambdas/lib/call-limits.ts), not the function's 20 s.
    expect(silent.connections()).toBe(3);
    expect(seconds).toBeLessThan(functions.demoRequests.timeoutSeconds / 2);
    expect(await storedSubmission(id)).toBeUndefined();
  }, 20_000);
});
