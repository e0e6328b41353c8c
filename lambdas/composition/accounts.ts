/** The composition root of accounts: the `profiles` table as the profile domain's store, and the trigger's. */
import { profileCreation, profileStore } from '../data/profiles';
import type { ProfileCreation, ProfileStore } from '../domain/accounts/profile';

export const profiles: ProfileStore = profileStore;
export const newProfiles: ProfileCreation = profileCreation;
