/**
 * Read profile (spec 000_87e5fbf87b6c3f39.txt §7 "Data service"): the signed-in user's own profile, through GET /api/profile. Cached per
 * user (Cognito `sub`), so one user's profile is never shown to another; passing failures (network, 5xx) are
 * retried with the spec's defaults before the page shows its error (web/src/lib/react-query.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { Profile } from '@shared/contract/schemas/profile';
import { ApiError, callApi } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';
import { authReady } from './session';

/** The fetcher: the profile of `userId`, the user this tab is signed in as. */
export async function getProfile(userId: string, signal?: AbortSignal): Promise<Profile> {
  await authReady();
  const profile = await callApi<Profile>(routes.getProfile, undefined, signal ? { signal } : {});
  // The server answers for the token's user; if this tab's tokens changed hands (another tab signed in as someone
  // else), that answer must not be filed under the user this screen shows.
  if (profile.id !== userId) throw new ApiError(401, 'Please sign in again.');
  return profile;
}

export const getProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['profile', userId], queryFn: ({ signal }) => getProfile(userId, signal) });

export function useProfile(userId: string, config: QueryConfig<typeof getProfileQueryOptions> = {}) {
  return useQuery({ ...getProfileQueryOptions(userId), ...config });
}
