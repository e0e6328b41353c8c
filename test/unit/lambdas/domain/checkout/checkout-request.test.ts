import { describe, expect, it, vi } from 'vitest';
import { planCheckout, checkoutFor, type CheckoutProvider } from '../../../../../lambdas/domain/checkout/checkout-request';
import { RejectedInput } from '../../../../../lambdas/domain/errors';

const origin = 'https://shop.example';

describe('checkout plans priced from the catalogue', () => {
  it('sells the AI agent package as a subscription plus a one-time setup line', () => {
    const { params, providerProductId } = planCheckout({ type: 'services', productId: 'ai-agent' }, origin);
    expect(providerProductId).toBe('ai-agent');
    expect(params.mode).toBe('subscription');
    expect(params.line_items.map((l) => [l.price_data.unit_amount, l.price_data.recurring?.interval ?? 'once', l.quantity])).toEqual([
      [20000, 'month', 1],
      [80000, 'once', 1],
    ]);
    expect(params.success_url).toBe('https://shop.example/success?app=ai-agent&session_id={CHECKOUT_SESSION_ID}');
    expect(params.cancel_url).toBe('https://shop.example/cancel');
  });

  it('sells each app once, at its catalogue price', () => {
    const amounts = ['ai-system-prompt-generator', 'ai-content-generator', 'ai-customer-support'].map((productId) => {
      const { params } = planCheckout({ type: 'marketplace', productId, appName: 'Cheap!' }, `${origin}/`);
      expect(params.mode).toBe('payment');
      expect(params.metadata).toMatchObject({ appId: productId, type: 'marketplace' });
      expect(params.success_url).toBe(`https://shop.example/success?app=${productId}&session_id={CHECKOUT_SESSION_ID}`);
      expect(params.line_items[0]?.price_data.product_data.name).not.toBe('Cheap!');
      return params.line_items[0]?.price_data.unit_amount;
    });
    expect(amounts).toEqual([4999, 3999, 5999]);
  });

  it('refuses products the catalogue does not sell that way', () => {
    expect(() => planCheckout({ type: 'marketplace', productId: 'free-stuff' }, origin)).toThrow(RejectedInput);
    expect(() => planCheckout({ type: 'marketplace', productId: 'ai-agent' }, origin)).toThrow(RejectedInput);
    expect(() => planCheckout({ type: 'services', productId: 'ai-content-generator' }, origin)).toThrow(RejectedInput);
    // A provider id is not an app id: the success URL must name the app itself.
    expect(() => planCheckout({ type: 'marketplace', productId: 'ai-agent-prompt' }, origin)).toThrow(RejectedInput);
  });
});

describe('checkoutFor', () => {
  const request = { type: 'marketplace', productId: 'ai-content-generator' } as const;

  it('answers the fallback checkout when Stripe is not configured', async () => {
    await expect(checkoutFor(request, { provider: undefined, siteOrigin: origin })).resolves.toEqual({
      url: '/quick-checkout?product=ai-content-gen&fallback=true',
      fallback: true,
    });
  });

  it('answers Stripe’s URL when Stripe answers', async () => {
    const provider: CheckoutProvider = { createCheckoutSession: async () => ({ id: 'cs_1', url: 'https://checkout.stripe.com/c/cs_1' }) };
    await expect(checkoutFor(request, { provider, siteOrigin: origin })).resolves.toEqual({
      url: 'https://checkout.stripe.com/c/cs_1',
      fallback: false,
    });
  });

  it('answers the fallback checkout (and reports why) when Stripe fails or gives no URL', async () => {
    const onProviderFailure = vi.fn<(error: unknown) => void>();
    const failing: CheckoutProvider = { createCheckoutSession: async () => Promise.reject(new Error('down')) };
    const noUrl: CheckoutProvider = { createCheckoutSession: async () => ({ id: 'cs_2', url: null }) };
    for (const provider of [failing, noUrl]) {
      const result = await checkoutFor({ type: 'services', productId: 'ai-agent' }, { provider, siteOrigin: origin, onProviderFailure });
      expect(result).toEqual({ url: '/quick-checkout?product=ai-agent&fallback=true', fallback: true });
    }
    expect(onProviderFailure).toHaveBeenCalledTimes(2);
  });
});
