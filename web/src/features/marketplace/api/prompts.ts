/**
 * Get prompt: the prompt API with the app, the buyer's choices and the Stripe session of the purchase. A read
 * (POST only to carry the choices): it goes through the shared query helper, so a passing failure of the prompt
 * service (502) or of the network is retried (1 s, 2 s, 4 s) before the dialog shows its error, and a prompt
 * already fetched in the last 5 minutes is shown again without asking.
 */
import { routes } from '@shared/deployment/manifest';
import type { PromptRequest, PromptResponse } from '@shared/contract/schemas/prompt';
import { callApi } from '../../../lib/api';
import { apiReadKey, peekQuery, query } from '../../../lib/query';

const promptKey = (request: PromptRequest) => apiReadKey(routes.getPrompt, request);

export function fetchPrompt(request: PromptRequest, signal?: AbortSignal): Promise<string> {
  return query(
    promptKey(request),
    async (attemptSignal) => {
      const data = await callApi<PromptResponse>(routes.getPrompt, request, { signal: attemptSignal });
      // Inside the read, so an unusable answer is neither cached nor retried.
      if (typeof data?.prompt !== 'string') throw new Error('The prompt service answered without a prompt.');
      return data.prompt;
    },
    signal ? { signal } : {},
  );
}

/** The prompt fetched for this request within the last 5 minutes, if any. */
export function cachedPrompt(request: PromptRequest): string | undefined {
  return peekQuery<string>(promptKey(request));
}
