/**
 * POST /api/prompts: `{ appId, fieldId?, subcategoryId?, productId?, sessionId? }` -> `{ prompt }`.
 * 403 when the stage sells prompts (PURCHASE_REQUIRED) and no recorded purchase backs the request
 * (PurchaseNotFound); 502 when the prompt webhook fails (PromptServiceFailed).
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { promptRequestSchema } from '@shared/contract/schemas/prompt';
import { httpPromptWebhook } from '../adapters/prompt-webhook';
import { purchaseStore } from '../data/purchases';
import { promptFor } from '../domain/marketplace/prompt-source';
import { setting } from '../lib/env';
import { httpHandler, ok } from '../lib/http';

export const handler = httpHandler(deployedRoutes.getPrompt, promptRequestSchema, async ({ body }) => {
  const webhookUrl = setting('PROMPT_WEBHOOK_URL');
  const prompt = await promptFor(body, {
    // Anything but an explicit 'false' requires a purchase: a mistyped setting must not give prompts away.
    purchaseRequired: setting('PURCHASE_REQUIRED') !== 'false',
    purchases: purchaseStore,
    webhook: webhookUrl ? httpPromptWebhook(webhookUrl) : undefined,
  });
  return ok({ prompt });
});
