/**
 * Get prompt for a purchase of the signed-in account (POST /api/account/prompts), from any device: the same
 * choices as the marketplace's Get prompt, the purchase named by its session. Read through the query client, so
 * the spec's retries and 5-minute cache apply as for every read.
 */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { AccountPromptRequest, PromptResponse } from '@shared/contract/schemas/prompt';
import { callApi } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';

export async function fetchAccountPrompt(request: AccountPromptRequest, signal?: AbortSignal): Promise<string> {
  const data = await callApi<PromptResponse>(routes.getAccountPrompt, request, signal ? { signal } : {});
  if (typeof data?.prompt !== 'string') throw new Error('The prompt service answered without a prompt.');
  return data.prompt;
}

export const accountPromptKey = (userId: string, request: AccountPromptRequest) => ['account-prompt', userId, request] as const;

export function useAccountPrompt(userId: string, request: AccountPromptRequest) {
  return useQuery({ queryKey: accountPromptKey(userId, request), queryFn: ({ signal }) => fetchAccountPrompt(request, signal) });
}

/** Stops waiting (not the shared read, which still fills the cache) when the caller aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** The same read for the Get prompt dialog, which drives its own states (components/PromptDialog.tsx). */
export function accountPromptSource(userId: string) {
  return {
    fetch: (request: AccountPromptRequest, signal?: AbortSignal) =>
      untilAborted(queryClient.fetchQuery({ queryKey: accountPromptKey(userId, request), queryFn: ({ signal: s }) => fetchAccountPrompt(request, s) }), signal),
    cached: (request: AccountPromptRequest) => queryClient.getQueryData<string>(accountPromptKey(userId, request)),
  };
}
