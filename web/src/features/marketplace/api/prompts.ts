/** Get prompt: the prompt API with the app, the buyer's choices and the Stripe session of the purchase. */
import { routes } from '../../../../../shared/backend';
import type { PromptRequest, PromptResponse } from '../../../../../shared/schemas/prompt';
import { callApi } from '../../../lib/api';

export async function fetchPrompt(request: PromptRequest, signal?: AbortSignal): Promise<string> {
  const data = await callApi<PromptResponse>(routes.getPrompt, request, signal ? { signal } : {});
  if (typeof data?.prompt !== 'string') throw new Error('The prompt service answered without a prompt.');
  return data.prompt;
}
