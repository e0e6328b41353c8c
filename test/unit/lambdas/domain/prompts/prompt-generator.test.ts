import { describe, expect, it } from 'vitest';
import { findApp, marketplaceApps, type MarketplaceApp } from '@shared/content/catalogue';
import { resolveCustomization } from '@shared/content/customization';
import { generateSystemPrompt } from '../../../../../lambdas/domain/prompts/prompt-generator';

const generator = findApp('ai-system-prompt-generator') as MarketplaceApp;
const SECTIONS = ['## Role', '## Goals', '## Tone and style', '## What to ask', '## Guardrails', '## When to hand over to a human'];

describe('built-in system prompt generator', () => {
  it('writes a complete prompt for every field, business type and product', () => {
    for (const field of generator.fieldOptions ?? []) {
      for (const sub of field.subcategories) {
        for (const product of sub.products ?? [undefined]) {
          const resolved = resolveCustomization(generator, { fieldId: field.id, subcategoryId: sub.id, productId: product?.id });
          const prompt = generateSystemPrompt(generator, resolved);
          for (const s of SECTIONS) expect(prompt, `${field.id}/${sub.id}`).toContain(s);
          expect(prompt).not.toMatch(/undefined|\{|\}|null/);
          expect(prompt.length).toBeGreaterThan(1800);
          expect(prompt).toContain(sub.name);
          expect(prompt).toContain(product?.name ?? `${field.name} assistant`);
        }
      }
    }
  });

  it('tailors the content to the field and the business type', () => {
    const make = (fieldId: string, subcategoryId: string, productId?: string) =>
      generateSystemPrompt(generator, resolveCustomization(generator, { fieldId, subcategoryId, productId }));
    const clinic = make('healthcare', 'medical-offices', 'symptom-triage-router');
    expect(clinic).toMatch(/never diagnose/i);
    expect(clinic).toMatch(/emergency number/);
    expect(make('finance', 'financial-advisors', 'portfolio-review-prep')).toMatch(/investment, tax or legal advice/);
    const dentist = make('customer-support', 'dentistry-offices', 'appointment-reminder-bot');
    const garage = make('customer-support', 'auto-shops', 'repair-status-bot');
    expect(dentist).toMatch(/nervous about dental visits/);
    expect(garage).toMatch(/auto repair shop/);
    expect(make('hr', 'restaurants')).toMatch(/protected characteristics/);
  });

  it('writes a prompt for the apps without field options too', () => {
    for (const app of marketplaceApps.slice(1)) {
      const prompt = generateSystemPrompt(app);
      for (const s of SECTIONS) expect(prompt, app.id).toContain(s);
      expect(prompt).toContain(app.name);
    }
  });
});
