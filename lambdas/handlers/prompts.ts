/**
 * POST /api/prompts: `{ appId, fieldId?, subcategoryId?, productId?, sessionId? }` -> `{ prompt }`.
 * 403 when Stripe is live and no recorded purchase backs the request (PurchaseNotFound); 502 when the prompt
 * webhook fails (PromptServiceFailed).
 */
import { routes } from '@shared/deployment/manifest';
import { promptRequestSchema } from '@shared/contract/schemas/prompt';
import { httpPromptWebhook } from '../adapters/prompt-webhook';
import { purchaseStore } from '../data/purchases';
import { promptFor } from '../domain/marketplace/prompt-source';
import { setting } from '../lib/env';
import { httpHandler, ok } from '../lib/http';
import { secretSetting } from '../lib/secrets';

export const handler = httpHandler(routes.getPrompt, promptRequestSchema, async ({ body }) => {
  const webhookUrl = setting('PROMPT_WEBHOOK_URL');
  const prompt = await promptFor(body, {
    stripeLive: (await secretSetting('STRIPE_SECRET_KEY')) !== '',
    purchases: purchaseStore,
    webhook: webhookUrl ? httpPromptWebhook(webhookUrl) : undefined,
  });
  return ok({ prompt });
});
