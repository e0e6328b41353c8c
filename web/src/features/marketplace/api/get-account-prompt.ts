/**
 * Get prompt for a purchase of the signed-in account (POST /api/account/prompts), from any device: the same
 * choices as the marketplace's Get prompt, the purchase named by its session. A read, with the spec's retries and
 * 5-minute cache as for every read (web/src/lib/react-query.ts); keyed by the user too, so nothing one account read
 * is shown to the next.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { AccountPromptRequest, PromptResponse } from '@shared/contract/schemas/prompt';
import { callApi } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';

/** The fetcher: the prompt, or an error (an answer without a prompt is one, neither cached nor retried). */
export async function getAccountPrompt(request: AccountPromptRequest, signal?: AbortSignal): Promise<string> {
  const data = await callApi<PromptResponse>(routes.getAccountPrompt, request, signal ? { signal } : {});
  if (typeof data?.prompt !== 'string') throw new Error('The prompt service answered without a prompt.');
  return data.prompt;
}

export const getAccountPromptQueryOptions = (userId: string, request: AccountPromptRequest) =>
  queryOptions({ queryKey: ['account-prompts', userId, request], queryFn: ({ signal }) => getAccountPrompt(request, signal) });

export function useAccountPrompt(userId: string, request: AccountPromptRequest, config: QueryConfig<typeof getAccountPromptQueryOptions> = {}) {
  return useQuery({ ...getAccountPromptQueryOptions(userId, request), ...config });
}
