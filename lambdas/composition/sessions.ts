/**
 * The live-session check of the signed-in routes that need one (lambdas/lib/http.ts `needsLiveSession`: every staff
 * route, every signed-in write), asked of Cognito with the caller's own access token (GetUser).
 *
 * Why Cognito and not the token alone: API Gateway's JWT authorizer (and the local one) verifies signature, issuer,
 * client, scope and expiry, offline. An account deleted or erased since the token was issued, or signed out
 * everywhere (AdminUserGlobalSignOut when a staff member is removed or a person erased), still holds a token that
 * passes for up to an hour. Cognito refuses such a token (revoked, or its user gone): the request is answered 401
 * and nothing is written. When Cognito cannot be asked (throttled, unreachable), the request fails; it is never
 * let through as live.
 */
import { sessionOf } from '../adapters/cognito-user';
import type { SessionCheck } from '../lib/http';
import { logger } from '../lib/logger';

export const liveSession: SessionCheck = async ({ token, route }) => {
  const session = await sessionOf(token);
  if (!session.live) {
    logger.info('session refused', { route: route.path, reason: session.reason });
    return { status: 401, message: 'Unauthorized' };
  }
  return undefined;
};
