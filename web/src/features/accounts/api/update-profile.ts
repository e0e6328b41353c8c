/**
 * Update profile (spec 000_87e5fbf87b6c3f39.txt §7 "Data service"): renames the signed-in user's profile (the record the site shows), then
 * mirrors the name into Cognito's preferred_username. A write: never retried, never cached; what it answers
 * becomes the cached read of the profile, so the page shows the new name at once and next time.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserAttributes } from 'aws-amplify/auth';
import { routes } from '@shared/contract/api';
import type { Profile } from '@shared/contract/schemas/profile';
import { callApi } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { getProfileQueryOptions } from './get-profile';
import { authReady, patchUser } from './session';

/** The fetcher: the renamed profile. */
export async function updateProfile(username: string): Promise<Profile> {
  await authReady();
  const profile = await callApi<Profile>(routes.updateProfile, { username });
  patchUser({ username: profile.username });
  try {
    await updateUserAttributes({ userAttributes: { preferred_username: profile.username } });
  } catch {
    // The profile table is the record of truth; the attribute only seeds mails and is refreshed next time.
  }
  return profile;
}

export function useUpdateProfile(config: MutationConfig<typeof updateProfile> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation({
    ...rest,
    mutationFn: updateProfile,
    onSuccess: (profile, ...args) => {
      queryClient.setQueryData(getProfileQueryOptions(profile.id).queryKey, profile);
      return onSuccess?.(profile, ...args);
    },
  });
}
