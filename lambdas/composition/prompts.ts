/**
 * The composition root of the prompt source (lambdas/domain/prompts/prompt-source.ts): the stage's settings,
 * the purchases table (who bought, which browser, how often asked), the prompt studio's versions and the operator's
 * prompt webhook.
 */
import { httpPromptWebhook } from '../adapters/prompt-webhook';
import { latestVersion } from '../data/prompt-studios';
import { purchaseStore } from '../data/purchases';
import { systemClock } from '../domain/clock';
import type { PromptDeps } from '../domain/prompts/prompt-source';
import { setting } from '../lib/env';

/** What `promptFor` needs: whether the stage sells prompts, the purchases table, the prompt webhook if set, the clock. */
export function promptDeps(): PromptDeps {
  const webhookUrl = setting('PROMPT_WEBHOOK_URL');
  return {
    // Anything but an explicit 'false' requires a purchase: a mistyped setting must not give prompts away.
    purchaseRequired: setting('PURCHASE_REQUIRED') !== 'false',
    purchases: purchaseStore,
    webhook: webhookUrl ? httpPromptWebhook(webhookUrl) : undefined,
    clock: systemClock,
    // The prompt studio's latest version (issue 40), when the buyer saved one.
    latestVersion: async (sessionId) => (await latestVersion(sessionId))?.text,
  };
}
