/**
 * The webhook helper through the local API (as the browser reaches it): it forwards to the configured webhook
 * of the requested type only, and refuses a caller-chosen URL, an unknown type and an oversized body with 4xx
 * without calling any webhook. The local stack's webhook inbox is the configured receiver of both types.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/deployment/manifest';
import { verifyWebhookSignature } from '../../../lambdas/domain/automation-webhooks/signature';
import { failHook, restoreAllHooks, waitForWebhookCalls, webhookCalls } from '../../helpers/webhook-inbox';
import { stack } from './support';

const path = routes.sendToAutomationWebhook.path;

async function send(body: unknown, init: { raw?: string } = {}) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${stack.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: init.raw ?? JSON.stringify(body),
    });
    // The route is throttled (shared/deployment/manifest.ts): wait out a 429 rather than fail on it.
    if (response.status === 429 && attempt < 20) {
      await new Promise((r) => setTimeout(r, 600));
      continue;
    }
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}

/** Calls to either hook whose data carries this marker. */
async function callsWith(marker: string) {
  return (await webhookCalls()).filter((c) => c.body.includes(marker));
}

afterEach(() => restoreAllHooks());

describe('POST /api/automation-webhook', () => {
  it("forwards { webhookType, data, files } to the configured 'prod' webhook, signed, and answers its response data", async () => {
    const marker = randomUUID();
    const file = { name: 'notes.txt', type: 'text/plain', size: 11, data: Buffer.from('hello world').toString('base64') };
    const answer = await send({ webhookType: 'prod', data: { marker, lead: 'Ada' }, files: [file, { name: 'broken.pdf', error: 'Failed to encode file' }] });
    expect(answer).toEqual({ status: 200, body: { webhookType: 'prod', status: 200, data: { ok: true } } });

    const [call] = await waitForWebhookCalls({ name: 'prod', where: (c) => c.body.includes(marker) });
    expect(JSON.parse(call!.body)).toEqual({ webhookType: 'prod', data: { marker, lead: 'Ada' }, files: [file, { name: 'broken.pdf', error: 'Failed to encode file' }] });
    const timestamp = Number(call!.headers['x-signature-timestamp']);
    expect(verifyWebhookSignature(stack.env.WEBHOOK_SIGNING_SECRET ?? '', timestamp, call!.body, call!.headers['x-signature'] ?? '')).toBe(true);
    expect(call!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await callsWith(marker)).map((c) => c.name)).toEqual(['prod']);
  });

  it("uses the 'test' webhook when no type is given", async () => {
    const marker = randomUUID();
    expect((await send({ data: { marker } })).body).toMatchObject({ webhookType: 'test', data: { ok: true } });
    expect((await waitForWebhookCalls({ name: 'test', where: (c) => c.body.includes(marker) })).map((c) => c.path)).toEqual(['/hooks/test']);
  });

  it.each(['url', 'webhookUrl', 'endpoint'])('refuses a caller-chosen address in %s with 400 and calls no webhook', async (field) => {
    const marker = randomUUID();
    const answer = await send({ webhookType: 'test', data: { marker }, [field]: `http://127.0.0.1:1/steal?${marker}` });
    expect(answer.status).toBe(400);
    expect((answer.body.fieldErrors as Record<string, string[]>)[field]).toEqual([
      "The webhook address cannot be chosen by the caller: send webhookType 'test' or 'prod' and the configured webhook of that type is used.",
    ]);
    expect(await callsWith(marker)).toEqual([]);
  });

  it('refuses an unknown webhook type with 400', async () => {
    const marker = randomUUID();
    const answer = await send({ webhookType: 'staging', data: { marker } });
    expect(answer).toEqual({ status: 400, body: { message: 'Please check the highlighted fields.', fieldErrors: { webhookType: ["webhookType must be 'test' or 'prod'."] } } });
    expect(await callsWith(marker)).toEqual([]);
  });

  it('refuses a body over the route limit with 413', async () => {
    const marker = randomUUID();
    const raw = JSON.stringify({ data: { marker, padding: 'x'.repeat(routes.sendToAutomationWebhook.maxBodyBytes) } });
    const answer = await send(undefined, { raw });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/Request body too large/);
    expect(await callsWith(marker)).toEqual([]);
  });

  it('answers 502 with a clear message when the webhook fails', async () => {
    await failHook('prod', 500, 1);
    const answer = await send({ webhookType: 'prod', data: { marker: randomUUID() } });
    expect(answer).toEqual({ status: 502, body: { message: 'Failed to send data to the prod webhook.' } });
  });
});
