/**
 * The local webhook inbox plays a slow receiver on request (/hooks-control `delayMs`), so the load bench can show
 * what a slow automation webhook does to a visitor's answer; it still records the call on arrival and answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookInbox, type WebhookInbox } from '../../../../infra/local/webhook-inbox';
import { failHook, restoreHook, slowHook, webhookCalls } from '../../../helpers/webhook-inbox';

let inbox: WebhookInbox;
beforeAll(async () => {
  inbox = await startWebhookInbox();
});
afterAll(() => inbox.stop());

async function timedPost(name: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${inbox.url}/hooks/${name}`, { method: 'POST', body: '{}' });
  await response.text();
  return { status: response.status, ms: performance.now() - started };
}

describe('a slow hook', () => {
  it('answers only after the delay asked for, records the call on arrival, and is quick again once restored', async () => {
    await slowHook('slow', 400, { inboxUrl: inbox.url });
    const before = Date.now();
    const slow = await timedPost('slow');
    expect(slow.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(390);
    const [call] = await webhookCalls({ name: 'slow', inboxUrl: inbox.url });
    expect(Date.parse(call!.at) - before).toBeLessThan(300);

    // Other hooks are not slowed.
    expect((await timedPost('other')).ms).toBeLessThan(300);

    await restoreHook('slow', inbox.url);
    expect((await timedPost('slow')).ms).toBeLessThan(300);
  });

  it('can be slow and fail at once, for a number of calls', async () => {
    await slowHook('flaky', 300, { status: 503, times: 1, inboxUrl: inbox.url });
    const first = await timedPost('flaky');
    expect(first).toMatchObject({ status: 503 });
    expect(first.ms).toBeGreaterThanOrEqual(290);
    const second = await timedPost('flaky');
    expect(second.status).toBe(200);
    expect(second.ms).toBeLessThan(300);
  });

  it('a status alone clears an earlier delay', async () => {
    await slowHook('mixed', 400, { inboxUrl: inbox.url });
    await failHook('mixed', 503, undefined, inbox.url);
    const answer = await timedPost('mixed');
    expect(answer.status).toBe(503);
    expect(answer.ms).toBeLessThan(300);
  });

  it('refuses a delay that is not a bounded number of milliseconds', async () => {
    for (const delayMs of [-1, 'slow', 10 * 60_000]) {
      const response = await fetch(`${inbox.url}/hooks-control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bad', delayMs }),
      });
      expect(response.status).toBe(400);
    }
  });
});
