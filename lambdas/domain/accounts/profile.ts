/**
 * Profile rules, free of AWS: reading and renaming one's own profile, and creating it when an account is
 * confirmed. The caller's id always comes from the verified token (handlers pass it in); nothing here accepts
 * an id from a request body.
 */
import type { Profile } from '@shared/contract/schemas/profile';
import { DomainError } from '../errors';
import { acceptableUsername } from './username';

/** The port the data module implements (lambdas/data/profiles.ts): the signed-in user's side. */
export interface ProfileStore {
  get(id: string): Promise<Profile | undefined>;
  /**
   * Sets the username of an existing row; undefined when there is none. Never creates one: a row that is gone (an
   * erased person's, whose token may still be valid for an hour) must stay gone, or no later erasure could find it.
   */
  updateUsername(id: string, username: string): Promise<Profile | undefined>;
}

/** The post-confirmation trigger's side: a new account's row, created once. */
export interface ProfileCreation {
  /** Answers false when a row with this id already exists (the row is then left untouched). */
  createIfAbsent(profile: Profile): Promise<boolean>;
}

class ProfileNotFoundError extends DomainError {
  constructor(readonly id: string) {
    super('not-found', 'Profile not found');
    this.name = 'ProfileNotFoundError';
  }
}

export async function readOwnProfile(store: ProfileStore, userId: string): Promise<Profile> {
  const profile = await store.get(userId);
  if (!profile) throw new ProfileNotFoundError(userId);
  return profile;
}

/** Renames the caller's own profile; not found (404) when it has none: nothing is created. */
export async function renameOwnProfile(store: ProfileStore, userId: string, username: string): Promise<Profile> {
  const renamed = await store.updateUsername(userId, username);
  if (!renamed) throw new ProfileNotFoundError(userId);
  return renamed;
}

interface ConfirmedAccount {
  readonly sub: string;
  readonly preferredUsername: string | undefined;
  readonly email: string | undefined;
}

/**
 * The username a new profile starts with: the one chosen at sign-up (kept in `preferred_username`) when it
 * passes the profile's rule, else the e-mail's local part (at most 50 characters, padded to the 3-character
 * minimum), else "member", so that a profile row always satisfies the rule. A chosen name the rule refuses can
 * only come from an account signed up before the pre-sign-up trigger, and is not carried into the profile.
 */
function initialUsername(account: ConfirmedAccount): string {
  const chosen = acceptableUsername(account.preferredUsername);
  if (chosen) return chosen;
  const local = (account.email ?? '').split('@')[0]?.trim().slice(0, 50) ?? '';
  const padded = local.length >= 3 ? local : `${local}user`.slice(0, Math.max(3, local.length + 4));
  return acceptableUsername(padded) ?? 'member';
}

/** Creates the profile of a newly confirmed account once; a replay leaves the existing row as it is. */
export async function createProfileOnConfirmation(
  store: ProfileCreation,
  account: ConfirmedAccount,
  now: () => Date = () => new Date(),
): Promise<{ created: boolean; profile: Profile }> {
  const profile: Profile = { id: account.sub, username: initialUsername(account), created_at: now().toISOString() };
  const created = await store.createIfAbsent(profile);
  return { created, profile };
}
