/**
 * SES down while visitors submit, then back: every submission is answered 201 at once and stored, and the retry
 * path sends each mail exactly once. Also when the hand-off to the delivery function itself is lost (the Lambda
 * endpoint unreachable): the stored submission waits out its lease and the retry job delivers it, once.
 *
 * The handlers and the delivery function run in this process (SES pointed at a closed port, the way
 * test/integration/lead-capture/ses-outage.test.ts does it); the retry job is run directly on a moved clock.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as contactMessages } from '../../../lambdas/handlers/contact-messages';
import { handler as deliveryRetry } from '../../../lambdas/handlers/delivery-retry';
import { handler as demoRequests } from '../../../lambdas/handlers/demo-requests';
import { HANDOFF_LEASE_SECONDS, RETRY_DELAYS_SECONDS } from '../../../lambdas/domain/submissions/record';
import { routes } from '@shared/contract/api';
import { httpEvent, lambdaContext as context } from '../../helpers/http-event';
import { inProcessLambda, type InProcessLambda } from '../../helpers/in-process-lambda';
import { storedSubmission, submissionMails } from '../../helpers/submissions';
import { runToken, validContact, validDemo } from '../lead-capture/support';
import { closedPortUrl, setEnv, silentService } from './support';

let lambda: InProcessLambda | undefined;
const restores: (() => void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await lambda?.stop();
  lambda = undefined;
  for (const restore of restores.splice(0).reverse()) restore();
});

const submit = (id: string, i: number) =>
  i % 2 === 0
    ? demoRequests(httpEvent(routes.createDemoRequest, validDemo(runToken()), { headers: { 'idempotency-key': id } }), context)
    : contactMessages(httpEvent(routes.createContactMessage, validContact(runToken()), { headers: { 'idempotency-key': id } }), context);

/** Runs the retry job with the clock `seconds` (plus a little) further on. */
async function retryAfter(seconds: number) {
  vi.setSystemTime(Date.now() + (seconds + 5) * 1000);
  await deliveryRetry({}, context);
}

describe('SES down during submissions, then back', () => {
  it('answers each at once and, once SES is back, sends every mail exactly once', async () => {
    lambda = await inProcessLambda();
    const restoreSes = setEnv({ AWS_ENDPOINT_URL_SESV2: await closedPortUrl() });
    restores.push(restoreSes);

    const ids = Array.from({ length: 4 }, () => randomUUID());
    const answers = await Promise.all(ids.map(submit));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    await lambda.drain();
    for (const id of ids) {
      expect(await storedSubmission(id)).toMatchObject({ retryQueue: 'pending', deliveries: { mail: { state: 'pending', attempts: 1 } } });
    }

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await retryAfter(RETRY_DELAYS_SECONDS[0]); // still down
    restoreSes();
    await retryAfter(RETRY_DELAYS_SECONDS[1]);
    await retryAfter(24 * 3600); // nothing left
    vi.useRealTimers();

    for (const id of ids) {
      expect(await submissionMails(id)).toHaveLength(1);
      const stored = await storedSubmission(id);
      expect(stored).toMatchObject({ deliveries: { mail: { state: 'sent', attempts: 3 } } });
      expect(stored).not.toHaveProperty('retryQueue');
    }
  });
});

describe('the hand-off to the delivery function lost', () => {
  it('still answers 201, and the retry job delivers the submission once its lease ends, exactly once', async () => {
    restores.push(setEnv({ AWS_ENDPOINT_URL_LAMBDA: await closedPortUrl() }));
    const id = randomUUID();
    expect((await submit(id, 0)).statusCode).toBe(201);
    // Stored leased and untouched: nobody attempted it yet.
    expect(await storedSubmission(id)).toMatchObject({ retryQueue: 'pending', deliveries: { mail: { state: 'pending', attempts: 0 } } });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await deliveryRetry({}, context); // the lease still holds
    expect(await storedSubmission(id)).toMatchObject({ deliveries: { mail: { attempts: 0 } } });
    await retryAfter(HANDOFF_LEASE_SECONDS);
    await retryAfter(24 * 3600);
    vi.useRealTimers();

    expect(await storedSubmission(id)).toMatchObject({ deliveries: { mail: { state: 'sent', attempts: 1 } } });
    expect(await submissionMails(id)).toHaveLength(1);
  });
});

describe('the delivery function\'s endpoint accepting the hand-off but never answering', () => {
  it('answers the visitor 201 within a few seconds, the submission stored for the retry job', async () => {
    const silent = await silentService();
    restores.push(() => void silent.close());
    restores.push(setEnv({ AWS_ENDPOINT_URL_LAMBDA: silent.url }));
    const id = randomUUID();
    const started = Date.now();
    expect((await submit(id, 1)).statusCode).toBe(201);
    // Two attempts of at most a second each (lambdas/lib/lambda-client.ts), however long Lambda stays silent.
    expect(silent.connections()).toBe(2);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await storedSubmission(id)).toMatchObject({ retryQueue: 'pending', deliveries: { mail: { state: 'pending', attempts: 0 } } });
  });
});
