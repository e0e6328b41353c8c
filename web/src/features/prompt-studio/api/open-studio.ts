/** Opening the prompt studio of a purchase: the answers kept, the versions, and one version's text (a read). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudioState } from '@shared/contract/prompt-studio';
import { callApi } from '../../../lib/api';
import { studioRoutes, type StudioMode } from './studio-routes';

export function openStudio(mode: StudioMode, sessionId: string, version?: number, signal?: AbortSignal): Promise<StudioState> {
  return callApi<StudioState>(studioRoutes[mode].open, { sessionId, ...(version === undefined ? {} : { version }) }, signal ? { signal } : {});
}

export const studioQueryKey = (mode: StudioMode, sessionId: string, who: string | undefined) => ['prompt-studio', mode, who ?? 'browser', sessionId] as const;

export const openStudioQueryOptions = (mode: StudioMode, sessionId: string, who: string | undefined, version?: number) =>
  queryOptions({ queryKey: [...studioQueryKey(mode, sessionId, who), version ?? 'latest'], queryFn: ({ signal }) => openStudio(mode, sessionId, version, signal) });

export function useStudio(mode: StudioMode, sessionId: string, who: string | undefined, version?: number) {
  return useQuery({ ...openStudioQueryOptions(mode, sessionId, who, version), enabled: sessionId !== '' });
}
