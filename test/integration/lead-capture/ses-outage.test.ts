/**
 * Nothing is lost when SES is down: submissions are accepted and stored with their mail pending, and once SES
 * is back the scheduled retry handler delivers each mail exactly once.
 *
 * The handlers run in this process (as Lambda would run them) with SES pointed at a closed port, and so does the
 * delivery function each submission is handed to (an in-process Lambda service); the clock is moved past the
 * first backoff step instead of waiting a minute.
 */
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as contactMessages } from '../../../lambdas/handlers/contact-messages';
import { handler as deliveryRetry } from '../../../lambdas/handlers/delivery-retry';
import { handler as demoRequests } from '../../../lambdas/handlers/demo-requests';
import { resetLambdaClients } from '../../../infra/local/lambda-runtime';
import { RETRY_DELAYS_SECONDS } from '../../../lambdas/domain/submissions/record';
import { routes } from '@shared/contract/api';
import { httpEvent, lambdaContext as context } from '../../helpers/http-event';
import { inProcessLambda, type InProcessLambda } from '../../helpers/in-process-lambda';
import { stillPending, storedSubmission, submissionMails } from '../../helpers/submissions';
import { pdfBytes, runToken, upload, validContact, validDemo } from './support';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const sesEndpoint = process.env.AWS_ENDPOINT_URL_SESV2;
let lambda: InProcessLambda | undefined;
afterEach(async () => {
  await lambda?.stop();
  lambda = undefined;
  vi.useRealTimers();
  process.env.AWS_ENDPOINT_URL_SESV2 = sesEndpoint;
  resetLambdaClients();
});

describe('with SES unreachable', () => {
  it('accepts and stores submissions, then the retry job delivers each mail exactly once after SES is back', async () => {
    const keys = await upload([{ name: 'brief.pdf', type: 'application/pdf', content: pdfBytes(2048) }]);
    process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${await closedPort()}`;
    lambda = await inProcessLambda();

    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const answers = await Promise.all([
      demoRequests(httpEvent(routes.createDemoRequest, { ...validDemo(runToken()), files: keys }, { headers: { 'idempotency-key': ids[0]! } }), context),
      demoRequests(httpEvent(routes.createDemoRequest, validDemo(runToken()), { headers: { 'idempotency-key': ids[1]! } }), context),
      contactMessages(httpEvent(routes.createContactMessage, validContact(runToken()), { headers: { 'idempotency-key': ids[2]! } }), context),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((a) => JSON.parse(a.body ?? '{}').id)).toEqual(ids);
    // The first attempts run in the delivery function, after the answers.
    await lambda.drain();
    for (const id of ids) {
      expect(await storedSubmission(id)).toMatchObject({ retryQueue: 'pending', deliveries: { mail: { state: 'pending', attempts: 1 } } });
      expect(await submissionMails(id)).toEqual([]);
    }

    // While SES is still down, the retry job keeps them pending (and sends nothing).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (RETRY_DELAYS_SECONDS[0] + 5) * 1000 });
    await deliveryRetry({}, context);
    for (const id of ids) expect(await storedSubmission(id)).toMatchObject({ deliveries: { mail: { state: 'pending', attempts: 2 } } });

    // SES is back; the next due run delivers.
    process.env.AWS_ENDPOINT_URL_SESV2 = sesEndpoint;
    resetLambdaClients();
    vi.setSystemTime(Date.now() + (RETRY_DELAYS_SECONDS[1] + 5) * 1000);
    await deliveryRetry({}, context);
    // Another run finds nothing left to do.
    await deliveryRetry({}, context);
    vi.useRealTimers();

    for (const id of ids) {
      const stored = await storedSubmission(id);
      expect(stored).toMatchObject({ deliveries: { mail: { state: 'sent', attempts: 3 } } });
      expect(stillPending(stored)).toEqual({ targets: ['reminder:20h', 'reminder:24h'], queuedForThem: true });
      expect(await submissionMails(id)).toHaveLength(1);
    }
    const [withFile] = await submissionMails(ids[0]!);
    expect(withFile!.attachments.map((a) => a.filename)).toEqual(['brief.pdf']);
  });
});
