/**
 * Accounts in the Cognito user pool, as the staff console needs them: a person's account by e-mail address (for
 * their export and erasure), a staff member's address by account id (for the audit trail), and deleting an
 * account after signing it out everywhere. Deployed, the function's role allows exactly ListUsers (and, for
 * `findAndDelete`, AdminUserGlobalSignOut and AdminDeleteUser).
 */
import { AdminDeleteUserCommand, AdminUserGlobalSignOutCommand, ListUsersCommand, UserNotFoundException, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import type { Account, Accounts } from '../domain/leads/ports';
import { cognito, userPoolId } from '../lib/cognito';

function attribute(user: UserType, name: string): string | undefined {
  return user.Attributes?.find((a) => a.Name === name)?.Value;
}

function accountOf(user: UserType): Account | undefined {
  const id = attribute(user, 'sub');
  if (!id || !user.Username) return undefined;
  const createdAt = user.UserCreateDate?.toISOString();
  const preferredUsername = attribute(user, 'preferred_username');
  return {
    id,
    username: user.Username,
    email: attribute(user, 'email') ?? '',
    confirmed: user.UserStatus === 'CONFIRMED',
    ...(createdAt ? { createdAt } : {}),
    ...(preferredUsername ? { preferredUsername } : {}),
  };
}

/** A value inside a ListUsers filter string: quotes and backslashes escaped. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

async function findBy(attributeName: 'email' | 'sub', value: string): Promise<Account | undefined> {
  const out = await cognito().send(new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `${attributeName} = ${quoted(value)}`, Limit: 2 }));
  const user = out.Users?.[0];
  return user ? accountOf(user) : undefined;
}

/** Runs an admin call on an account; an account already gone is no error (the erasure's goal holds). */
async function ignoringGone(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof UserNotFoundException) && (error as Error)?.name !== 'UserNotFoundException') throw error;
  }
}

/** Per container: a staff member's address does not change between two clicks. */
const emails = new Map<string, string>();

export const cognitoAccounts: Accounts = {
  async findByEmail(email) {
    // The pool keeps the address as it was typed at sign-up, and the filter is exact: try it as given and lower-cased.
    const given = email.trim();
    return (await findBy('email', given)) ?? (given === given.toLowerCase() ? undefined : findBy('email', given.toLowerCase()));
  },

  async emailOf(sub) {
    const known = emails.get(sub);
    if (known) return known;
    const email = (await findBy('sub', sub))?.email;
    if (email) emails.set(sub, email);
    return email;
  },

  async signOutEverywhere(username) {
    await ignoringGone(() => cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: username })));
  },

  async remove(username) {
    await ignoringGone(() => cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username })));
  },
};
