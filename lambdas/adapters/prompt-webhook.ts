/** The operator's prompt webhook over HTTP (PROMPT_WEBHOOK_URL); only that configured URL is ever called. */
import type { PromptWebhook } from '../domain/marketplace/prompt-source';

export function httpPromptWebhook(url: string, timeoutMs = 20_000): PromptWebhook {
  return {
    async post(payload) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/plain' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    },
  };
}
