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
import { SECOND_FACTOR_REQUIRED } from '@shared/contract/staff-console';
import { sessionOf, type CognitoSession } from '../adapters/cognito-user';
import type { SessionCheck } from '../lib/http';
import { logger } from '../lib/logger';

/** Cognito's name of the authenticator-app (TOTP) second factor. */
const AUTHENTICATOR_APP = 'SOFTWARE_TOKEN_MFA';

/**
 * Whether a staff session was signed in with the authenticator app. Cognito's access tokens say nothing of how a
 * session began (no `amr` claim; `auth_time` only says when), so the check asks Cognito for the account's MFA
 * settings with the caller's own token (GetUser: `UserMFASettingList`, `PreferredMfaSetting`), and relies on what
 * Cognito documents for SetUserMFAPreference: once a factor is activated for a user, Cognito asks for it at every
 * sign-in, unless device tracking lets a remembered device skip it. Our pool has MFA optional with TOTP only, no
 * device tracking and no sign-in flow but the password's (proven on the templates: test/infra/stages.test.ts), so:
 * - Every session begun after TOTP was enabled (and preferred) answered its code. Refresh keeps that session.
 * - A session begun before did not. The console ends those: right after enabling it, it signs the member out
 *   everywhere (GlobalSignOut revokes every refresh token and earlier access token, which GetUser then refuses)
 *   and asks for a sign-in with the code (web/src/features/accounts/components/SecondFactorSetup.tsx). Enabling
 *   itself takes a code from the app (VerifySoftwareToken), so even that session proved the second factor.
 * - Turning TOTP off (or preferring nothing) takes effect at once: the next request is refused.
 * What stays open (docs/security.md): someone holding a stolen session of a member who has not set up TOTP yet
 * could set up an app of their own through Cognito's API; the member's next sign-in then asks for a code they do not
 * have, and an operator resets it. Staff are refused everything until they set it up.
 */
export function signedInWithSecondFactor(session: Extract<CognitoSession, { live: true }>): boolean {
  return session.mfa.includes(AUTHENTICATOR_APP) && session.preferredMfa === AUTHENTICATOR_APP;
}

export const liveSession: SessionCheck = async ({ token, route }) => {
  const session = await sessionOf(token);
  if (!session.live) {
    logger.info('session refused', { route: route.path, reason: session.reason });
    return { status: 401, message: 'Unauthorized' };
  }
  if (route.access === 'staff' && !signedInWithSecondFactor(session)) {
    logger.info('staff session without a second factor refused', { route: route.path });
    return { status: 403, message: SECOND_FACTOR_REQUIRED };
  }
  return undefined;
};
