/**
 * The operator's prompt webhook over HTTP (PROMPT_WEBHOOK_URL); only that configured URL is ever called, signed
 * like the automation webhooks (a fresh idempotency key per request), hardened as signed-post.ts describes.
 */
import { randomUUID } from 'node:crypto';
import type { PromptWebhook } from '../domain/prompts/prompt-source';
import type { StudioWebhook } from '../domain/prompt-studio/ports';
import { secretSetting } from '../lib/secrets';
import { signedPost } from './signed-post';

/** The same webhook serves Get prompt (PromptWebhook) and the prompt studio's versions (StudioWebhook). */
export function httpPromptWebhook(url: string, timeoutMs = 20_000): PromptWebhook & StudioWebhook {
  return {
    async post(payload: object) {
      const { status, text } = await signedPost({
        url,
        body: JSON.stringify(payload),
        idempotencyKey: randomUUID(),
        secret: await secretSetting('WEBHOOK_SIGNING_SECRET'),
        timeoutMs,
        accept: 'application/json, text/plain',
      });
      return { status, text };
    },
  };
}
