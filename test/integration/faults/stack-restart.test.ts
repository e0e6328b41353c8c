/**
 * The local stack stopped in the middle of deliveries and started again on the same state folder: stopping waits
 * for the deliveries in flight, what is still pending (a webhook that was down) resumes after the restart, and
 * every delivery lands exactly once. The stack runs in this process (its own state folder and ports; the
 * functions it runs, in its function host thread). The retry job's handler is called here, against the restarted
 * stack's services, so this test can move its clock past the first backoff step.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { RETRY_DELAYS_SECONDS } from '../../../lambdas/domain/submissions/record';
import { tableEnvName } from '@shared/deployment/manifest';
import { routes } from '@shared/contract/api';
import { IDEMPOTENCY_HEADER } from '@shared/contract/http';
import { startLocalStack, type LocalStack, type StartOptions } from '../../../infra/local/stack';
import { handler as deliveryRetry } from '../../../lambdas/handlers/delivery-retry';
import { runAsFunction } from '../../../infra/local/lambda-runtime';
import { lambdaContext } from '../../helpers/http-event';
import { sdkConfig, testSettings } from '../../helpers/local-stack';
import { listMails } from '../../helpers/mailbox';
import { failHook } from '../../helpers/webhook-inbox';
import { validIdea } from '../idea-hub/support';

const stateDir = mkdtempSync(join(tmpdir(), 'agency-faults-restart-'));
const options: StartOptions = { port: 0, stateDir, web: 'none', quiet: true, envFile: false, deliveryRetryIntervalMs: 0, settings: testSettings() };
let running: LocalStack | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await running?.stop();
  running = undefined;
});
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

async function submitIdea(stack: LocalStack, id: string) {
  const response = await fetch(`${stack.apiUrl}${routes.createIdea.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: id },
    body: JSON.stringify(validIdea(id.slice(0, 8))),
  });
  return response.status;
}

async function stored(stack: LocalStack, id: string) {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb }));
  try {
    const out = await client.send(new GetCommand({ TableName: stack.env[tableEnvName('submissions')], Key: { id }, ConsistentRead: true }));
    return out.Item;
  } finally {
    client.destroy();
  }
}

describe('the local stack stopped in the middle of deliveries', () => {
  it('delivers what was pending after the restart, each delivery exactly once', async () => {
    const first = await startLocalStack(options);
    running = first;
    await failHook('prod', 503, undefined, first.webhookInboxUrl);
    const ids = Array.from({ length: 3 }, () => randomUUID());
    expect(await Promise.all(ids.map((id) => submitIdea(first, id)))).toEqual([201, 201, 201]);
    // Stopped at once: the deliveries handed off a moment ago are still running.
    await first.stop();
    running = undefined;

    const again = await startLocalStack(options);
    running = again;
    for (const id of ids) {
      // The stop waited for them: 'test' and the mail went out, 'prod' (down) waits for its retry.
      expect(await stored(again, id)).toMatchObject({
        retryQueue: 'pending',
        deliveries: { 'webhook:test': { state: 'sent' }, mail: { state: 'sent' }, 'webhook:prod': { state: 'pending', attempts: 1 } },
      });
    }

    // The restarted inbox answers 200 again; the retry job resumes the pending deliveries.
    const retry = () => runAsFunction('deliveryRetry', () => deliveryRetry({}, lambdaContext));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (RETRY_DELAYS_SECONDS[0] + 5) * 1000 });
    await retry();
    vi.setSystemTime(Date.now() + 24 * 3600 * 1000);
    await retry();
    vi.useRealTimers();

    const calls = again.webhookCalls();
    const mails = await listMails({ mailboxUrl: again.mailboxUrl });
    for (const id of ids) {
      const mine = calls.filter((c) => c.headers['idempotency-key']?.startsWith(id));
      expect(mine.filter((c) => c.name === 'test').map((c) => c.status)).toEqual([200]);
      expect(mine.filter((c) => c.name === 'prod').map((c) => c.status)).toEqual([503, 200]);
      expect(mails.filter((m) => (m.body.text ?? '').includes(`Submission id: ${id}`))).toHaveLength(1);
      const record = await stored(again, id);
      expect(record).toMatchObject({ deliveries: { 'webhook:prod': { state: 'sent', attempts: 2 } } });
      expect(record).not.toHaveProperty('retryQueue');
    }
  });
});
