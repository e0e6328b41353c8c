/**
 * GET and PUT /api/profile: the signed-in user's own profile. Both routes sit behind the JWT authorizer and
 * share this function; the user's id is the verified token's `sub` (httpHandler's `userId`), never a value
 * from the request, so a user can only ever read or change their own row.
 */
import { routes } from '../../shared/backend';
import { profileUpdateSchema } from '../../shared/schemas/profile';
import { profileStore } from '../data/profiles';
import { ProfileNotFoundError, readOwnProfile, renameOwnProfile } from '../domain/accounts/profile';
import { HttpError, errorResult, httpHandler, ok, type HttpEvent, type HttpResult } from '../lib/http';
import type { Context } from 'aws-lambda';

/** httpHandler rejects a `user` route without a sub before this runs; the check keeps the types honest. */
function requireUser(userId: string | undefined): string {
  if (!userId) throw new HttpError(401, 'Unauthorized');
  return userId;
}

export const getProfile = httpHandler(routes.getProfile, null, async ({ userId }) => {
  try {
    return ok(await readOwnProfile(profileStore, requireUser(userId)));
  } catch (error) {
    if (error instanceof ProfileNotFoundError) throw new HttpError(404, 'Profile not found');
    throw error;
  }
});

export const updateProfile = httpHandler(routes.updateProfile, profileUpdateSchema, async ({ body, userId }) =>
  ok(await renameOwnProfile(profileStore, requireUser(userId), body.username)),
);

/** One Lambda serves both routes; API Gateway (and the local API server) tell them apart by method. */
export async function handler(event: HttpEvent, context: Context): Promise<HttpResult> {
  const method = event.requestContext?.http?.method?.toUpperCase();
  if (method === routes.getProfile.method) return getProfile(event, context);
  if (method === routes.updateProfile.method) return updateProfile(event, context);
  return errorResult(405, 'Method not allowed');
}
