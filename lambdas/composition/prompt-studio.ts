/**
 * The composition root of the prompt studio (lambdas/domain/prompt-studio): its table, the purchases (the proof of
 * purchase), the operator's prompt webhook when PROMPT_WEBHOOK_URL is set, and the staff's notices through the
 * delivery engine (stored in the submissions table, handed to submissionDelivery), as the sale notices go.
 */
import { httpPromptWebhook } from '../adapters/prompt-webhook';
import { invokeSubmissionDelivery } from '../adapters/lambda-hand-off';
import { promptStudiosTable } from '../data/prompt-studios';
import { purchaseStore } from '../data/purchases';
import { submissionIntake } from '../data/submissions';
import { systemClock } from '../domain/clock';
import type { StudioDeps } from '../domain/prompt-studio/studio';
import { engineSaleNotices } from '../domain/submissions/kinds/sale-notice';
import { setting } from '../lib/env';
import { engineLog } from './engine-log';

const notices = engineSaleNotices({ store: submissionIntake, clock: systemClock, handOff: invokeSubmissionDelivery, log: engineLog });

export function studioDeps(): StudioDeps {
  const webhookUrl = setting('PROMPT_WEBHOOK_URL');
  return {
    studio: promptStudiosTable,
    purchases: purchaseStore,
    webhook: webhookUrl ? httpPromptWebhook(webhookUrl) : undefined,
    notices,
    clock: systemClock,
  };
}
