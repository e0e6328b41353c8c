/** The composition root of accounts: the `profiles` table as the profile domain's store. */
import { profileStore } from '../data/profiles';
import type { ProfileStore } from '../domain/accounts/profile';

export const profiles: ProfileStore = profileStore;
