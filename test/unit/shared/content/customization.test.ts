import { describe, expect, it } from 'vitest';
import { findApp, type MarketplaceApp } from '@shared/content/catalogue';
import { changeField, changeProduct, changeSubcategory, defaultCustomization, resolveCustomization } from '@shared/content/customization';

const app = findApp('ai-system-prompt-generator') as MarketplaceApp;

describe("'Customize Your AI Agent' cascade rules (spec section 2)", () => {
  it('starts at the first field, its first subcategory and that subcategory’s first product', () => {
    expect(defaultCustomization(app)).toEqual({
      fieldId: 'customer-support',
      subcategoryId: 'dentistry-offices',
      productId: 'appointment-reminder-bot',
    });
    expect(defaultCustomization(findApp('ai-content-generator') as MarketplaceApp)).toBeUndefined();
  });

  it('changing the field resets the subcategory to its first and the product to that one’s first', () => {
    const start = { fieldId: 'customer-support', subcategoryId: 'hotels', productId: 'booking-change-assistant' };
    expect(changeField(app, start, 'finance')).toEqual({
      fieldId: 'finance',
      subcategoryId: 'dentistry-offices',
      productId: 'invoice-processor',
    });
  });

  it('a field without products has no product after the change', () => {
    const start = defaultCustomization(app);
    expect(changeField(app, start, 'marketing')).toEqual({ fieldId: 'marketing', subcategoryId: 'dentistry-offices' });
  });

  it('changing the subcategory resets the product to its first', () => {
    const start = { fieldId: 'healthcare', subcategoryId: 'dentistry-offices', productId: 'treatment-plan-explainer' };
    expect(changeSubcategory(app, start, 'medical-offices')).toEqual({
      fieldId: 'healthcare',
      subcategoryId: 'medical-offices',
      productId: 'clinic-intake-bot',
    });
  });

  it('changing the product keeps field and subcategory', () => {
    const start = { fieldId: 'customer-support', subcategoryId: 'restaurants', productId: 'reservation-bot' };
    expect(changeProduct(app, start, 'takeout-order-helper')).toEqual({ ...start, productId: 'takeout-order-helper' });
  });

  it('ignores ids that do not belong to the current choice', () => {
    const start = { fieldId: 'customer-support', subcategoryId: 'restaurants', productId: 'reservation-bot' };
    expect(changeField(app, start, 'no-such-field')).toBe(start);
    expect(changeSubcategory(app, start, 'no-such-type')).toBe(start);
    expect(changeProduct(app, start, 'invoice-processor')).toBe(start);
  });

  it('resolves only combinations that exist in the catalogue', () => {
    expect(resolveCustomization(app, { fieldId: 'finance', subcategoryId: 'hotels', productId: 'guest-folio-assistant' })?.product?.name).toBe(
      'Guest Folio Assistant',
    );
    expect(resolveCustomization(app, { fieldId: 'finance', subcategoryId: 'hotels', productId: 'reservation-bot' })).toBeUndefined();
    expect(resolveCustomization(app, { fieldId: 'hr', subcategoryId: 'hotels' })?.subcategory.name).toBe('Hotels');
    expect(resolveCustomization(app, { fieldId: 'hr' })).toBeUndefined();
  });
});
