/**
 * Staff members for tests: a confirmed account added to the staff group (what `npm run staff:add` and the
 * operator's `admin-add-user-to-group` do), with an authenticator app set up as the console has them do it, signed in
 * with its code, and the staff API called with its access token.
 */
import { AdminAddUserToGroupCommand, CreateGroupCommand, ListGroupsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import type { RouteDef } from '@shared/contract/api';
import { cognitoClient, createConfirmedUser, setUpAuthenticator, signIn, uniqueEmail, type TestUser, type Tokens } from './cognito';
import { fetchPastThrottle, testClientAddress } from './local-api';
import { localStack } from './local-stack';

export interface StaffMember extends TestUser {
  readonly tokens: Tokens;
  /** The authenticator app's secret (codes: totpCode in ./cognito.ts); none when made with `secondFactor: false`. */
  readonly totpSecret?: string;
}

/** Adds an existing account to a group of the local pool (creating the group if it is not one of ours). */
export async function addToGroup(email: string, group: string): Promise<void> {
  const stack = localStack();
  const client = cognitoClient(stack);
  try {
    const { Groups = [] } = await client.send(new ListGroupsCommand({ UserPoolId: stack.userPoolId }));
    if (!Groups.some((g) => g.GroupName === group)) await client.send(new CreateGroupCommand({ UserPoolId: stack.userPoolId, GroupName: group }));
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: email, GroupName: group }));
  } finally {
    client.destroy();
  }
}

/**
 * A confirmed account in `groups` (the staff group by default) with a staff password (at least 12 characters),
 * signed in after joining (tokens carry the groups). With `secondFactor` (the default) it has set up an
 * authenticator app and signed in again with its code, as the console has a new member do; without it, it is
 * signed in with the password alone (the staff routes refuse it).
 */
export async function createStaffMember(opts: { groups?: readonly string[]; prefix?: string; secondFactor?: boolean } = {}): Promise<StaffMember> {
  const user = await createConfirmedUser({ email: uniqueEmail(opts.prefix ?? 'staff'), password: 'staff-secret-pass-1' });
  for (const group of opts.groups ?? [STAFF_GROUP]) await addToGroup(user.email, group);
  const first = await signIn(user.email, user.password);
  if (opts.secondFactor === false) return { ...user, tokens: first };
  const totpSecret = await setUpAuthenticator(first.accessToken);
  return { ...user, totpSecret, tokens: await signIn(user.email, user.password, undefined, totpSecret) };
}

export interface StaffAnswer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T & { message?: string; fieldErrors?: Record<string, string[]> };
}

/** Calls a staff route: a GET with `input` as its query, anything else with `input` as its JSON body. */
export async function callStaff<T = Record<string, unknown>>(
  route: RouteDef,
  input: Record<string, unknown> | undefined,
  opts: { token?: string; headers?: Record<string, string> } = {},
): Promise<StaffAnswer<T>> {
  const { apiUrl } = localStack();
  const query = route.method === 'GET' && input ? `?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}` : '';
  const response = await fetchPastThrottle(`${apiUrl}${route.path}${query}`, {
    method: route.method,
    headers: {
      'x-forwarded-for': testClientAddress,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(route.method !== 'GET' ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    ...(route.method !== 'GET' && input ? { body: JSON.stringify(input) } : {}),
  });
  const text = await response.text();
  let body: StaffAnswer<T>['body'];
  try {
    body = (text ? JSON.parse(text) : {}) as StaffAnswer<T>['body'];
  } catch {
    body = { message: text } as StaffAnswer<T>['body'];
  }
  return { status: response.status, body };
}
