import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_PRICE, appPrice, businessTypes, categoryTabs, findApp, formatPrice, marketplaceApps, servicesPackage, toCents } from '@shared/content/catalogue';

const root = new URL('../../../../', import.meta.url).pathname;

describe('marketplace catalogue (spec section 3)', () => {
  it('lists the three apps with the spec ids, names, prices, categories and Stripe product ids', () => {
    expect(marketplaceApps.map((a) => [a.id, a.name, a.price, a.category, a.stripeProductId])).toEqual([
      ['ai-system-prompt-generator', 'AI Agent System Prompt Generator', 49.99, 'Productivity', 'ai-agent-prompt'],
      ['ai-content-generator', 'AI Content Generator', 39.99, 'Content', 'ai-content-gen'],
      ['ai-customer-support', 'AI Customer Support Bot', 59.99, 'Customer Service', 'ai-support-bot'],
    ]);
  });

  it('gives the first app the six features of the spec', () => {
    expect(marketplaceApps[0]?.features).toEqual([
      'Industry-specific prompts',
      'Business-tailored interactions',
      'Customizable tone and style',
      'Optimized for performance',
      'Unlimited revisions',
      'Downloadable prompt files',
    ]);
  });

  it('has an image file, a description and features for every app', () => {
    for (const app of marketplaceApps) {
      expect(app.description.length).toBeGreaterThan(40);
      expect(app.features.length).toBeGreaterThan(0);
      expect(app.image).toMatch(/^\/marketplace\/[a-z0-9-]+\.(svg|webp)$/);
      expect(existsSync(join(root, 'web/public', app.image)), app.image).toBe(true);
    }
  });

  it('offers the nine field options, each with the nine business types', () => {
    const fields = marketplaceApps[0]?.fieldOptions ?? [];
    expect(fields.map((f) => f.id)).toEqual([
      'customer-support',
      'healthcare',
      'finance',
      'marketing',
      'scheduling',
      'creative',
      'security',
      'hr',
      'industry-specific',
    ]);
    for (const field of fields) {
      expect(field.subcategories.map((s) => s.name)).toEqual([
        'Dentistry Offices',
        'Auto Shops',
        'Stores & Shops',
        'Restaurants',
        'Hotels',
        'Education',
        'Medical Offices',
        'Financial Advisors',
        'Small Business & Others',
      ]);
      expect(field.subcategories.map((s) => s.id)).toEqual(businessTypes.map((b) => b.id));
      // Real descriptions: each business type is described for this field, not with one shared sentence.
      const descriptions = field.subcategories.map((s) => s.description);
      expect(new Set(descriptions).size).toBe(descriptions.length);
      for (const d of descriptions) expect(d.length).toBeGreaterThan(30);
    }
  });

  it('has products per business type exactly for customer-support, healthcare and finance', () => {
    for (const field of marketplaceApps[0]?.fieldOptions ?? []) {
      const withProducts = ['customer-support', 'healthcare', 'finance'].includes(field.id);
      for (const sub of field.subcategories) {
        expect(sub.products === undefined, `${field.id}/${sub.id}`).toBe(!withProducts);
        expect(sub.products?.length ?? 3, `${field.id}/${sub.id}`).toBeGreaterThanOrEqual(2);
        const ids = sub.products?.map((p) => p.id) ?? [];
        expect(new Set(ids).size).toBe(ids.length);
        for (const p of sub.products ?? []) {
          expect(p.id).toMatch(/^[a-z0-9-]+$/);
          expect(p.name.length).toBeGreaterThan(3);
          expect(p.description.length).toBeGreaterThan(30);
        }
      }
    }
    const names = (marketplaceApps[0]?.fieldOptions ?? []).flatMap((f) => f.subcategories.flatMap((s) => s.products ?? []).map((p) => p.name));
    // The spec's examples are all there.
    for (const example of ['Appointment Reminder Bot', 'Schedule Assistant', 'Patient FAQ Bot', 'Order Tracking Bot', 'Reservation Bot', 'Patient Intake Bot', 'Invoice Processor']) {
      expect(names).toContain(example);
    }
  });

  it('has the category tabs in lowercase, once each', () => {
    expect(categoryTabs()).toEqual(['productivity', 'content', 'customer service']);
  });

  it('finds an app by its id or by its Stripe product id', () => {
    expect(findApp('ai-content-generator')?.id).toBe('ai-content-generator');
    expect(findApp('ai-agent-prompt')?.id).toBe('ai-system-prompt-generator');
    expect(findApp('ai-support-bot')?.id).toBe('ai-customer-support');
    expect(findApp('nope')).toBeUndefined();
  });

  it('shows $0.50 for an app without a price and converts prices to exact cents', () => {
    expect(appPrice({})).toBe(FALLBACK_PRICE);
    expect(appPrice({ price: 0 })).toBe(0.5);
    expect(formatPrice(appPrice({}))).toBe('$0.50');
    expect(formatPrice(49.99)).toBe('$49.99');
    expect(marketplaceApps.map((a) => toCents(appPrice(a)))).toEqual([4999, 3999, 5999]);
    expect(toCents(0.29)).toBe(29);
  });

  it('prices the AI agent package as $800 setup plus $200 per month per agent', () => {
    expect(servicesPackage).toMatchObject({ productId: 'ai-agent', setupFee: 800, monthlyFeePerAgent: 200 });
  });
});
