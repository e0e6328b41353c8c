import { describe, expect, it } from 'vitest';
import { PromptServiceFailed, PurchaseNotFound, promptFor, promptFromWebhookBody, type PromptWebhook } from '../../../../../lambdas/domain/marketplace/prompt-source';
import type { Purchase } from '../../../../../lambdas/domain/marketplace/purchases';
import { RejectedInput } from '../../../../../lambdas/domain/errors';
import { purchase } from '../../../../helpers/records';


describe('prompt source', () => {
  const noPurchases = { find: async () => undefined };
  const purchaseOf = (appId: string): Purchase => purchase({ sessionId: 'cs_test_9', appId });
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
    const live = (find: (id: string) => Promise<Purchase | undefined>) => ({ purchaseRequired: true, purchases: { find }, webhook: undefined });
    await expect(promptFor({ appId: 'ai-content-generator' }, live(async () => purchaseOf('ai-content-generator')))).rejects.toThrow(PurchaseNotFound);
    await expect(promptFor({ appId: 'ai-content-generator', sessionId: 'cs_test_9' }, live(async () => undefined))).rejects.toThrow(PurchaseNotFound);
    await expect(
      promptFor({ appId: 'ai-content-generator', sessionId: 'cs_test_9' }, live(async () => purchaseOf('ai-customer-support'))),
    ).rejects.toThrow(PurchaseNotFound);
    await expect(promptFor({ appId: 'ai-content-generator', sessionId: 'cs_test_9' }, live(async () => purchaseOf('ai-content-generator')))).resolves.toContain(
      'AI Content Generator',
    );
  });
});
