/**
 * create-payment against a local stand-in for Stripe's API: the exact Checkout session the official library
 * sends (mode, line items, amounts, URLs) for the AI agent package and for each app, prices taken from the
 * catalogue whatever the client sends, and the fallback checkout when Stripe is absent or failing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import { handler } from '../../../lambdas/handlers/create-payment';
import { startFakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import { call } from '../../helpers/http-event';

const SITE = 'https://site.example';
let stripe: FakeStripe;
const saved = { ...process.env };

beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  process.env.SITE_ORIGIN = SITE;
  process.env.STRIPE_SECRET_KEY = 'sk_test_marketplace';
  process.env.STRIPE_API_URL = stripe.url;
  stripe.requests.length = 0;
  stripe.recover();
});
afterEach(() => {
  for (const k of ['SITE_ORIGIN', 'STRIPE_SECRET_KEY', 'STRIPE_API_URL']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const pay = (body: unknown) => call(handler, routes.createPayment, body);

describe('create-payment with Stripe configured', () => {
  it('opens a subscription for the AI agent package: $200 a month per agent plus the $800 setup once', async () => {
    const res = await pay({ type: 'services', productId: 'ai-agent', appName: 'AI Agent Package' });
    expect(res).toEqual({ status: 200, body: { url: expect.stringMatching(new RegExp(`^${stripe.url}/c/pay/cs_test_\\w+$`)) as string, fallback: false } });
    expect(stripe.requests).toHaveLength(1);
    const [request] = stripe.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe('Bearer sk_test_marketplace');
    expect(request?.params).toEqual({
      mode: 'subscription',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: '20000',
            recurring: { interval: 'month' },
            product_data: {
              name: 'AI Agent Package: monthly fee per agent',
              description: 'Hosting, monitoring, optimization and dedicated support for each AI agent.',
            },
          },
          quantity: '1',
          adjustable_quantity: { enabled: 'true', minimum: '1', maximum: '20' },
        },
        {
          price_data: {
            currency: 'usd',
            unit_amount: '80000',
            product_data: {
              name: 'AI Agent Package: one-time setup',
              description: '3-week discovery phase, build and integration, then a 2-week optimization phase.',
            },
          },
          quantity: '1',
        },
      ],
      success_url: `${SITE}/success?app=ai-agent&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/cancel`,
      metadata: { appId: 'ai-agent', type: 'services', stripeProductId: 'ai-agent' },
      subscription_data: { metadata: { appId: 'ai-agent', type: 'services', stripeProductId: 'ai-agent' } },
    });
  });

  it.each([
    ['ai-system-prompt-generator', 'AI Agent System Prompt Generator', '4999', 'ai-agent-prompt'],
    ['ai-content-generator', 'AI Content Generator', '3999', 'ai-content-gen'],
    ['ai-customer-support', 'AI Customer Support Bot', '5999', 'ai-support-bot'],
  ])('sells %s once, at its catalogue price', async (appId, name, cents, stripeProductId) => {
    const res = await pay({ type: 'marketplace', productId: appId, appName: name });
    expect(res.status).toBe(200);
    expect(res.body.fallback).toBe(false);
    expect(stripe.requests).toHaveLength(1);
    const params = stripe.requests[0]?.params as Record<string, unknown>;
    expect(params).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: cents,
            product_data: { name, description: expect.any(String) as string },
          },
          quantity: '1',
        },
      ],
      success_url: `${SITE}/success?app=${appId}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/cancel`,
      metadata: { appId, type: 'marketplace', stripeProductId },
      // Stripe issues an invoice for the one-time payment, which the buyer's receipt mail carries.
      invoice_creation: { enabled: 'true' },
    });
  });

  it('ignores any price, amount or name the client sends', async () => {
    const res = await pay({
      type: 'marketplace',
      productId: 'ai-content-generator',
      appName: 'Free content generator',
      price: 0.01,
      amount: 1,
      unit_amount: 1,
      line_items: [{ price_data: { unit_amount: 1 } }],
    });
    expect(res.status).toBe(200);
    expect(stripe.requests[0]?.params.line_items).toEqual([
      {
        price_data: {
          currency: 'usd',
          unit_amount: '3999',
          product_data: { name: 'AI Content Generator', description: expect.any(String) as string },
        },
        quantity: '1',
      },
    ]);
  });

  it('answers the fallback checkout when Stripe fails or cannot be reached', async () => {
    stripe.failWith(500);
    expect(await pay({ type: 'marketplace', productId: 'ai-customer-support', appName: 'x' })).toEqual({
      status: 200,
      body: { url: '/quick-checkout?product=ai-support-bot&fallback=true', fallback: true },
    });
    expect(stripe.requests.length).toBeGreaterThan(0);
    stripe.goDown();
    expect(await pay({ type: 'services', productId: 'ai-agent' })).toEqual({
      status: 200,
      body: { url: '/quick-checkout?product=ai-agent&fallback=true', fallback: true },
    });
  });

  it('refuses products it does not sell, with a clear message and no Stripe call', async () => {
    const unknown = await pay({ type: 'marketplace', productId: 'free-everything' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This app is not available.');
    const wrongType = await pay({ type: 'donation', productId: 'ai-agent' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fieldErrors).toEqual({ type: ['Unknown payment type.'] });
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('create-payment without Stripe (the local default)', () => {
  it('answers the fallback checkout with the provider product id', async () => {
    process.env.STRIPE_SECRET_KEY = '';
    expect(await pay({ type: 'marketplace', productId: 'ai-system-prompt-generator', appName: 'x' })).toEqual({
      status: 200,
      body: { url: '/quick-checkout?product=ai-agent-prompt&fallback=true', fallback: true },
    });
    expect(await pay({ type: 'services', productId: 'ai-agent', appName: 'AI Agent Package' })).toEqual({
      status: 200,
      body: { url: '/quick-checkout?product=ai-agent&fallback=true', fallback: true },
    });
    expect(stripe.requests).toHaveLength(0);
  });
});
