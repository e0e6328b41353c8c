/**
 * The prompt API: the built-in generator, the prompt webhook's three answer shapes and its failures, and,
 * where the stage sells prompts (PURCHASE_REQUIRED), only purchases the Stripe webhook recorded, whether or not a
 * Stripe key is stored.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import { purchaseNotVerifiedMessage } from '@shared/contract/schemas/prompt';
import { handler } from '../../../lambdas/handlers/prompts';
import { handler as stripeWebhook } from '../../../lambdas/handlers/stripe-webhook';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { newBrowserKey } from '../../../lambdas/domain/purchases/browser-binding';
import { call } from '../../helpers/http-event';

let receiver: WebhookReceiver;
const KEYS = ['PROMPT_WEBHOOK_URL', 'PURCHASE_REQUIRED', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  receiver = await startWebhookReceiver('/prompt');
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  process.env.PROMPT_WEBHOOK_URL = '';
  process.env.STRIPE_SECRET_KEY = '';
  process.env.PURCHASE_REQUIRED = 'false';
  receiver.calls.length = 0;
  receiver.recover();
});
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const ask = (body: unknown) => call(handler, routes.getPrompt, body);
const customization = { appId: 'ai-system-prompt-generator', fieldId: 'healthcare', subcategoryId: 'dentistry-offices', productId: 'patient-intake-bot' };

describe('prompt API without a webhook', () => {
  it('writes a tailored prompt with the built-in generator', async () => {
    const res = await ask(customization);
    expect(res.status).toBe(200);
    const prompt = res.body.prompt as string;
    expect(prompt).toContain('Patient Intake Bot');
    expect(prompt).toContain('Dentistry Offices');
    expect(prompt).toMatch(/## When to hand over to a human/);
    expect(prompt).toMatch(/never diagnose/);
  });

  it('refuses a body that is not a prompt request, and choices that are not in the catalogue', async () => {
    const missing = await ask({ fieldId: 'finance' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldErrors as object)).toEqual(['appId']);
    const mismatch = await ask({ ...customization, productId: 'reservation-bot' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Please choose a field, business type and product from the list.');
  });
});

describe('prompt API with the prompt webhook', () => {
  beforeEach(() => {
    process.env.PROMPT_WEBHOOK_URL = receiver.url;
  });

  it('forwards the app and the chosen names, and shows a plain string answer', async () => {
    receiver.answer('You are the intake assistant of a dental practice.');
    const res = await ask(customization);
    expect(res).toEqual({ status: 200, body: { prompt: 'You are the intake assistant of a dental practice.' } });
    expect(receiver.calls).toHaveLength(1);
    expect(receiver.calls[0]?.json).toEqual({
      appId: 'ai-system-prompt-generator',
      appName: 'AI Agent System Prompt Generator',
      fieldId: 'healthcare',
      fieldName: 'Healthcare',
      subcategoryId: 'dentistry-offices',
      subcategoryName: 'Dentistry Offices',
      productId: 'patient-intake-bot',
      productName: 'Patient Intake Bot',
    });
  });

  it('shows the prompt of an object answer', async () => {
    receiver.answer({ prompt: 'You write on-brand newsletters.', model: 'any' });
    expect(await ask({ appId: 'ai-content-generator' })).toEqual({ status: 200, body: { prompt: 'You write on-brand newsletters.' } });
    expect(receiver.calls[0]?.json).toEqual({ appId: 'ai-content-generator', appName: 'AI Content Generator' });
  });

  it('shows any other answer as text', async () => {
    receiver.answer({ output: [{ text: 'unexpected shape' }] });
    expect(await ask({ appId: 'ai-customer-support' })).toEqual({
      status: 200,
      body: { prompt: '{"output":[{"text":"unexpected shape"}]}' },
    });
  });

  it('answers 502 with a clear message when the webhook fails or is unreachable', async () => {
    receiver.failWith(500);
    const failing = await ask({ appId: 'ai-customer-support' });
    expect(failing).toEqual({
      status: 502,
      body: { message: 'The prompt service is not available right now (status 500). Please try again later.' },
    });
    receiver.recover();
    receiver.goDown();
    const down = await ask({ appId: 'ai-customer-support' });
    expect(down.status).toBe(502);
    expect(down.body.message).toBe('The prompt service is not available right now (unreachable). Please try again later.');
  });
});

describe('prompt API where the stage sells prompts', () => {
  const webhookSecret = 'whsec_test_prompts';
  beforeEach(() => {
    process.env.PURCHASE_REQUIRED = 'true';
    // The operator has not stored a Stripe secret key yet: prompts must stay paid all the same.
    process.env.STRIPE_SECRET_KEY = '';
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  });

  async function recordPurchase(sessionId: string, appId: string) {
    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', metadata: { appId, type: 'marketplace' } } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const res = await call(stripeWebhook, routes.stripeWebhook, payload, { headers: { 'stripe-signature': header } });
    expect(res.body.outcome).toBe('recorded');
  }

  it('serves only a purchase the Stripe webhook recorded, for that app', async () => {
    const sessionId = `cs_test_${crypto.randomUUID().replaceAll('-', '')}`;
    const noSession = await ask({ appId: 'ai-content-generator' });
    expect(noSession.status).toBe(403);
    expect(noSession.body.message).toBe(purchaseNotVerifiedMessage);
    expect((await ask({ appId: 'ai-content-generator', sessionId })).status).toBe(403);

    await recordPurchase(sessionId, 'ai-content-generator');
    // From the buyer's browser: it holds its key since Buy Now (the success screen ties the purchase to it).
    const buyer = { cookies: [`__Host-buyer=${newBrowserKey()}`] };
    const served = await call(handler, routes.getPrompt, { appId: 'ai-content-generator', sessionId }, buyer);
    expect(served.status).toBe(200);
    expect(served.body.prompt).toContain('AI Content Generator');
    // The session bought another app: no prompt for this one.
    expect((await call(handler, routes.getPrompt, { appId: 'ai-customer-support', sessionId }, buyer)).status).toBe(403);
    // Another browser that knows the session id: none either.
    expect((await ask({ appId: 'ai-content-generator', sessionId })).status).toBe(403);
  });

  it('tells a buyer of the fallback checkout (nothing paid, no session) that the purchase could not be verified', async () => {
    const res = await ask(customization);
    expect(res).toEqual({ status: 403, body: expect.objectContaining({ message: 'We could not verify your purchase, so the prompt cannot be shown. If you have just paid, please try again in a minute.' }) });
  });

  it('treats a setting that is not exactly "false" as selling', async () => {
    process.env.PURCHASE_REQUIRED = 'yes';
    expect((await ask(customization)).status).toBe(403);
    process.env.PURCHASE_REQUIRED = 'false';
    expect((await ask(customization)).status).toBe(200);
  });
});

describe('prompt API where the stage gives prompts away (the local default)', () => {
  it('serves a prompt without a purchase even when a Stripe key is stored', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_not_read_by_prompts';
    expect((await ask(customization)).status).toBe(200);
  });
});
