/**
 * One automation webhook answers 503 three times, then 200: the idea reaches it exactly once (three refused calls,
 * then one accepted, all with the same idempotency key) and the other webhook and the mailbox exactly once each.
 *
 * The two webhooks are hooks of the stack's webhook inbox under names of this test's own, made to fail through
 * its `/hooks-control`; the handler and its delivery function run in this process, and the retry job is run
 * directly with the clock moved past each backoff step instead of waiting.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as deliveryRetry } from '../../../lambdas/handlers/delivery-retry';
import { handler as ideas } from '../../../lambdas/handlers/ideas';
import { RETRY_DELAYS_SECONDS } from '../../../lambdas/domain/submissions/record';
import { routes } from '@shared/contract/api';
import { WEBHOOK_IDEMPOTENCY_HEADER } from '@shared/contract/http';
import { httpEvent, lambdaContext as context } from '../../helpers/http-event';
import { inProcessLambda, type InProcessLambda } from '../../helpers/in-process-lambda';
import { storedSubmission, submissionMails } from '../../helpers/submissions';
import { failHook, restoreHook, webhookCalls } from '../../helpers/webhook-inbox';
import { stack, validIdea } from '../idea-hub/support';
import { setEnv } from './support';

let lambda: InProcessLambda | undefined;
let restore: (() => void) | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await lambda?.stop();
  restore?.();
  lambda = undefined;
  restore = undefined;
});

describe("when the 'prod' webhook answers 503 three times", () => {
  it('delivers the idea to it exactly once when it answers 200, and to the other webhook and by mail once', async () => {
    const run = randomUUID().slice(0, 8);
    const hooks = { test: `fault-test-${run}`, prod: `fault-prod-${run}` };
    restore = setEnv({
      WEBHOOK_TEST_URL: `${stack.webhookInboxUrl}/hooks/${hooks.test}`,
      WEBHOOK_PROD_URL: `${stack.webhookInboxUrl}/hooks/${hooks.prod}`,
    });
    lambda = await inProcessLambda();
    await failHook(hooks.prod, 503, 3);

    const id = randomUUID();
    const answer = await ideas(httpEvent(routes.createIdea, validIdea(run), { headers: { 'idempotency-key': id } }), context);
    expect(answer.statusCode).toBe(201);
    await lambda.drain();

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // Three retries cover the 2nd and 3rd refusal and the accepted call; further runs find nothing to send.
    for (const delay of [...RETRY_DELAYS_SECONDS.slice(0, 3), 24 * 3600]) {
      vi.setSystemTime(Date.now() + (delay + 5) * 1000);
      await deliveryRetry({}, context);
    }
    vi.useRealTimers();

    // This idea's calls: the runs above also retry whatever else the shared stack's table holds due by then (another
    // file's idea whose prod webhook was down), and this test's receiver answers those too.
    const prodCalls = (await webhookCalls({ name: hooks.prod })).filter((c) => c.headers[WEBHOOK_IDEMPOTENCY_HEADER]?.startsWith(id));
    expect(prodCalls.map((c) => c.status)).toEqual([503, 503, 503, 200]);
    expect(new Set(prodCalls.map((c) => c.headers[WEBHOOK_IDEMPOTENCY_HEADER]))).toEqual(new Set([`${id}:webhook:prod`]));
    const testCalls = await webhookCalls({ name: hooks.test });
    expect(testCalls.map((c) => c.status)).toEqual([200]);
    expect(await submissionMails(id)).toHaveLength(1);
    const stored = await storedSubmission(id);
    expect(stored).toMatchObject({
      deliveries: {
        'webhook:prod': { state: 'sent', attempts: 4 },
        'webhook:test': { state: 'sent', attempts: 1 },
        mail: { state: 'sent', attempts: 1 },
      },
    });
    expect(stored).not.toHaveProperty('retryQueue');
    await restoreHook(hooks.prod);
  });
});
