/**
 * Get prompt (spec 000_87e5fbf87b6c3f39.txt §7 item 7, through the prompt API): the app, the buyer's choices and the Stripe session of
 * the purchase. A read (POST only to carry the choices): a passing failure of the prompt service (502) or of the
 * network is retried with the spec's defaults (1 s, 2 s, 4 s) before the dialog shows its error, and a prompt
 * fetched in the last 5 minutes is shown again without asking (web/src/lib/react-query.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { PromptRequest, PromptResponse } from '@shared/contract/schemas/prompt';
import { callApi } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';

/** The fetcher: the prompt, or an error (an answer without a prompt is one, neither cached nor retried). */
export async function getPrompt(request: PromptRequest, signal?: AbortSignal): Promise<string> {
  const data = await callApi<PromptResponse>(routes.getPrompt, request, signal ? { signal } : {});
  if (typeof data?.prompt !== 'string') throw new Error('The prompt service answered without a prompt.');
  return data.prompt;
}

export const getPromptQueryOptions = (request: PromptRequest) =>
  queryOptions({ queryKey: ['prompts', request], queryFn: ({ signal }) => getPrompt(request, signal) });

export function usePrompt(request: PromptRequest, config: QueryConfig<typeof getPromptQueryOptions> = {}) {
  return useQuery({ ...getPromptQueryOptions(request), ...config });
}
