/** The prompt rules wired to the purchases table and the operator's prompt webhook (or the built-in writer). */
import { httpPromptWebhook } from '../adapters/prompt-webhook';
import { purchaseStore } from '../data/purchases';
import { systemClock } from '../domain/clock';
import { setting } from '../lib/env';

export function promptDeps() {
  const webhookUrl = setting('PROMPT_WEBHOOK_URL');
  return {
    // Anything but an explicit 'false' requires a purchase: a mistyped setting must not give prompts away.
    purchaseRequired: setting('PURCHASE_REQUIRED') !== 'false',
    purchases: purchaseStore,
    webhook: webhookUrl ? httpPromptWebhook(webhookUrl) : undefined,
    clock: systemClock,
  };
}
