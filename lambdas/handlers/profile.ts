/**
 * GET and PUT /api/profile: the signed-in user's own profile. Both routes sit behind the JWT authorizer and
 * share this function; the user's id is the verified token's `sub` (httpHandler's `userId`), never a value
 * from the request, so a user can only ever read or change their own row.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { profileUpdateSchema } from '@shared/contract/schemas/profile';
import { profiles } from '../composition/accounts';
import { liveSession } from '../composition/sessions';
import { readOwnProfile, renameOwnProfile } from '../domain/accounts/profile';
import { errorResult, httpHandler, ok, type HttpEvent, type HttpResult } from '../lib/http';
import type { Context } from 'aws-lambda';
import { lambdaHandler } from '../lib/lambda';

/** httpHandler answers 401 on a `user` route without a sub before this runs; the check keeps the types honest. */
function requireUser(userId: string | undefined): string {
  if (!userId) throw new Error('a user route ran without a verified sub');
  return userId;
}

const getProfile = httpHandler(deployedRoutes.getProfile, null, async ({ userId }) =>
  ok(await readOwnProfile(profiles, requireUser(userId))),
);

// A write: only for a live session (an erased person's token is refused), and never creating a missing row.
const updateProfile = httpHandler(
  deployedRoutes.updateProfile,
  profileUpdateSchema,
  async ({ body, userId }) => ok(await renameOwnProfile(profiles, requireUser(userId), body.username)),
  { session: liveSession },
);

/** One Lambda serves both routes; API Gateway (and the local API server) tell them apart by method. */
export const handler = lambdaHandler('profile', [], async (event: HttpEvent, context: Context): Promise<HttpResult> => {
  const method = event.requestContext?.http?.method?.toUpperCase();
  if (method === deployedRoutes.getProfile.method) return getProfile(event, context);
  if (method === deployedRoutes.updateProfile.method) return updateProfile(event, context);
  return errorResult(405, 'Method not allowed');
});
