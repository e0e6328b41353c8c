import { describe, expect, it } from 'vitest';
import { routes } from '@shared/deployment/manifest';
import { createAutomationWebhookHandler } from '../../../lambdas/handlers/automation-webhook';
import type { WebhookSender, WebhookType } from '../../../lambdas/domain/automation-webhooks/ports';
import { call as callHandler } from '../../helpers/http-event';

function setup(options: { failing?: boolean; configured?: WebhookType[] } = {}) {
  const calls: { type: WebhookType; payload: unknown; key: string }[] = [];
  const sender: WebhookSender = {
    async post(type, payload, key) {
      calls.push({ type, payload, key });
      if (options.failing) throw new Error(`The ${type} webhook answered 500`);
      return { status: 200, body: { accepted: type } };
    },
  };
  const configured = options.configured ?? ['test', 'prod'];
  const handler = createAutomationWebhookHandler(sender, (t) => configured.includes(t));
  const call = (body: unknown, headers: Record<string, string> = {}) => callHandler(handler, routes.sendToAutomationWebhook, body, { headers });
  return { call, calls };
}

describe('POST /api/automation-webhook', () => {
  it("forwards to the 'test' webhook by default and answers the webhook's response data", async () => {
    const { call, calls } = setup();
    const file = { name: 'a.txt', type: 'text/plain', size: 5, data: Buffer.from('hello').toString('base64') };
    const answer = await call({ data: { lead: 'Ada' }, files: [file] });
    expect(answer).toEqual({ status: 200, body: { webhookType: 'test', status: 200, data: { accepted: 'test' } } });
    expect(calls).toEqual([{ type: 'test', payload: { webhookType: 'test', data: { lead: 'Ada' }, files: [file] }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it("reaches the 'prod' webhook only when asked, passing the caller's idempotency key on", async () => {
    const { call, calls } = setup();
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect((await call({ webhookType: 'prod', data: {} }, { 'idempotency-key': key })).status).toBe(200);
    expect(calls.map((c) => [c.type, c.key])).toEqual([['prod', key]]);
  });

  it.each([
    [{ webhookType: 'test', url: 'http://169.254.169.254/latest/meta-data' }, 'url'],
    [{ webhookUrl: 'https://attacker.example/hook', data: {} }, 'webhookUrl'],
  ])('refuses a caller-chosen URL with 400 and calls nothing (%j)', async (body, field) => {
    const { call, calls } = setup();
    const answer = await call(body);
    expect(answer.status).toBe(400);
    expect((answer.body.fieldErrors as Record<string, string[]>)[field]?.[0]).toMatch(/cannot be chosen by the caller/);
    expect(calls).toEqual([]);
  });

  it('refuses an unknown webhook type with 400', async () => {
    const { call, calls } = setup();
    const answer = await call({ webhookType: 'staging', data: {} });
    expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { webhookType: ["webhookType must be 'test' or 'prod'."] } } });
    expect(calls).toEqual([]);
  });

  it('refuses a body over the route limit with 413', async () => {
    const { call, calls } = setup();
    const big = 'a'.repeat(routes.sendToAutomationWebhook.maxBodyBytes);
    const answer = await call({ data: { big } });
    expect(answer.status).toBe(413);
    expect(calls).toEqual([]);
  });

  it('answers 502 with a clear message when the webhook fails, and 503 when the type is not configured', async () => {
    expect(await setup({ failing: true }).call({ webhookType: 'prod' })).toEqual({ status: 502, body: { message: 'Failed to send data to the prod webhook.' } });
    const unconfigured = setup({ configured: ['test'] });
    expect(await unconfigured.call({ webhookType: 'prod' })).toEqual({ status: 503, body: { message: 'The prod webhook is not configured.' } });
    expect(unconfigured.calls).toEqual([]);
  });
});
