/**
 * The operator's prompt webhook in the prompt studio (issue 40): when PROMPT_WEBHOOK_URL is set, it writes the
 * versions. It receives the answers in a documented, versioned JSON body (docs/purchases.md, "The prompt webhook"),
 * `appId` first as in the spec's call (spec 000_87e5fbf87b6c3f39.txt §7 item 7), and answers the prompt as the
 * spec's call is answered: a JSON string, `{ prompt }`, or any other body as text.
 */
import { findApp, type MarketplaceApp } from '@shared/content/catalogue';
import { resolveCustomization } from '@shared/content/customization';
import type { StudioAnswers } from '@shared/contract/schemas/prompt-studio/answers';
import { PROMPT_TEXT_MAX } from '@shared/contract/schemas/prompt-studio/requests';
import { promptFromWebhookBody } from '../prompts/prompt-source';
import type { StudioWebhook } from './ports';

/** Bumped when a field's meaning changes or one is removed; adding a field keeps it. */
export const STUDIO_WEBHOOK_SCHEMA_VERSION = 1;

export interface StudioWebhookBody {
  readonly appId: string;
  readonly appName: string;
  readonly kind: 'prompt-studio.answers';
  readonly schemaVersion: typeof STUDIO_WEBHOOK_SCHEMA_VERSION;
  /** The first app's catalogue choices by name (the answers carry their ids). */
  readonly catalogue?: { readonly field: string; readonly businessType: string; readonly product?: string };
  /** The answers as the app's schema accepted them (shared/contract/schemas/prompt-studio). */
  readonly answers: StudioAnswers;
  /** What the built-in writer makes of the same answers: a starting point the webhook may use or ignore. */
  readonly builtInPrompt: string;
}

export function studioWebhookBody(answers: StudioAnswers, builtInPrompt: string): StudioWebhookBody {
  const app = findApp(answers.appId) as MarketplaceApp;
  const c = answers.appId === 'ai-system-prompt-generator' ? resolveCustomization(app, { fieldId: answers.fieldId, subcategoryId: answers.subcategoryId, productId: answers.productId || undefined }) : undefined;
  return {
    appId: app.id,
    appName: app.name,
    kind: 'prompt-studio.answers',
    schemaVersion: STUDIO_WEBHOOK_SCHEMA_VERSION,
    ...(c ? { catalogue: { field: c.field.name, businessType: c.subcategory.name, ...(c.product ? { product: c.product.name } : {}) } } : {}),
    answers,
    builtInPrompt,
  };
}

/** Why a call did not give a prompt, in the buyer's words (the studio's message wraps it). */
export class WebhookFailure extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'WebhookFailure';
  }
}

/** The prompt the webhook writes for the answers; WebhookFailure when it fails, times out or answers nothing usable. */
export async function webhookPrompt(webhook: StudioWebhook, body: StudioWebhookBody): Promise<string> {
  let answer: { status: number; text: string };
  try {
    answer = await webhook.post(body);
  } catch (error) {
    throw new WebhookFailure((error as Error).name === 'TimeoutError' ? 'it did not answer in time' : 'it could not be reached');
  }
  if (answer.status < 200 || answer.status >= 300) throw new WebhookFailure(`it answered with status ${answer.status}`);
  const prompt = promptFromWebhookBody(answer.text);
  if (!prompt.trim()) throw new WebhookFailure('it answered with an empty prompt');
  if (prompt.length > PROMPT_TEXT_MAX) throw new WebhookFailure('its prompt was too long to keep');
  return prompt;
}
