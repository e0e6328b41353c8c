import { describe, expect, it } from 'vitest';
import { findApp, marketplaceApps, resolveCustomization, type MarketplaceApp } from '@shared/content/catalogue';
import { generateSystemPrompt } from '../../../lambdas/domain/marketplace/prompt-generator';
import { PromptServiceFailed, PurchaseNotFound, promptFor, promptFromWebhookBody, type PromptWebhook } from '../../../lambdas/domain/marketplace/prompt-source';
import type { Purchase } from '../../../lambdas/domain/marketplace/purchases';
import { RejectedInput } from '../../../lambdas/domain/errors';
import { newBrowserKey } from '../../../lambdas/domain/marketplace/browser-binding';
import { memoryPurchaseStore } from '../../helpers/memory-purchase-store';

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

describe('prompt source', () => {
  const noPurchases = memoryPurchaseStore();
  const purchase = (appId: string): Purchase => ({
    sessionId: 'cs_test_9',
    appId,
    type: 'marketplace',
    amountTotal: 4999,
    currency: 'usd',
    customerEmail: null,
    eventId: 'evt_9',
    livemode: false,
    occurredAt: 1_795_000_000,
    createdAt: '2026-11-22T00:00:00.000Z',
    status: 'paid',
  });
  const webhookAnswering = (status: number, text: string, seen: unknown[] = []): PromptWebhook => ({
    post: async (payload) => {
      seen.push(payload);
      return { status, text };
    },
  });

  it('reads a webhook answer as a string, as { prompt }, or else as the text itself', () => {
    expect(promptFromWebhookBody('"You are a bot."')).toBe('You are a bot.');
    expect(promptFromWebhookBody('{"prompt":"You are a bot."}')).toBe('You are a bot.');
    expect(promptFromWebhookBody('{"result":42}')).toBe('{"result":42}');
    expect(promptFromWebhookBody('plain words')).toBe('plain words');
  });

  it('uses the built-in generator without a webhook, with the buyer’s choices', async () => {
    const prompt = await promptFor(
      { appId: 'ai-system-prompt-generator', fieldId: 'finance', subcategoryId: 'restaurants', productId: 'tip-pool-assistant' },
      { purchaseRequired: false, purchases: noPurchases, webhook: undefined },
    );
    expect(prompt).toContain('Tip Pool Assistant');
  });

  it('forwards the app and the chosen names to the webhook', async () => {
    const seen: unknown[] = [];
    const prompt = await promptFor(
      { appId: 'ai-agent-prompt' },
      { purchaseRequired: false, purchases: noPurchases, webhook: webhookAnswering(200, '{"prompt":"Hi"}', seen) },
    );
    expect(prompt).toBe('Hi');
    expect(seen).toEqual([
      {
        appId: 'ai-system-prompt-generator',
        appName: 'AI Agent System Prompt Generator',
        fieldId: 'customer-support',
        fieldName: 'Customer Support',
        subcategoryId: 'dentistry-offices',
        subcategoryName: 'Dentistry Offices',
        productId: 'appointment-reminder-bot',
        productName: 'Appointment Reminder Bot',
      },
    ]);
  });

  it('fails clearly when the webhook fails', async () => {
    const deps = (webhook: PromptWebhook) => ({ purchaseRequired: false, purchases: noPurchases, webhook });
    await expect(promptFor({ appId: 'ai-content-generator' }, deps(webhookAnswering(500, 'oops')))).rejects.toThrow(PromptServiceFailed);
    await expect(promptFor({ appId: 'ai-content-generator' }, deps(webhookAnswering(200, '  ')))).rejects.toThrow(PromptServiceFailed);
    await expect(
      promptFor({ appId: 'ai-content-generator' }, deps({ post: async () => Promise.reject(new TypeError('fetch failed')) })),
    ).rejects.toThrow(/prompt service is not available/);
  });

  it('refuses unknown apps and customizations that are not in the catalogue', async () => {
    const deps = { purchaseRequired: false, purchases: noPurchases, webhook: undefined };
    await expect(promptFor({ appId: 'nope' }, deps)).rejects.toThrow(RejectedInput);
    await expect(promptFor({ appId: 'ai-system-prompt-generator', fieldId: 'finance', subcategoryId: 'hotels', productId: 'reservation-bot' }, deps)).rejects.toThrow(
      RejectedInput,
    );
  });

  it('where the stage sells prompts, serves only a recorded purchase of that app', async () => {
    const live = (find: (id: string) => Promise<Purchase | undefined>) => ({ purchaseRequired: true, purchases: { ...memoryPurchaseStore(), find, bindBrowser: async () => 'bound' as const, countPromptRetrieval: async () => true }, webhook: undefined });
    const browser = { browserKey: newBrowserKey() };
    await expect(promptFor({ appId: 'ai-content-generator' }, live(async () => purchase('ai-content-generator')), browser)).rejects.toThrow(PurchaseNotFound);
    await expect(promptFor({ appId: 'ai-content-generator', sessionId: 'cs_test_9' }, live(async () => undefined), browser)).rejects.toThrow(PurchaseNotFound);
    await expect(
      promptFor({ appId: 'ai-content-generator', sessionId: 'cs_test_9' }, live(async () => purchase('ai-customer-support')), browser),
    ).rejects.toThrow(PurchaseNotFound);
    await expect(
      promptFor({ appId: 'ai-content-generator', sessionId: 'cs_test_9' }, live(async () => purchase('ai-content-generator')), browser),
    ).resolves.toContain('AI Content Generator');
  });
});
