/** The Cognito user pool: password policy, username attribute, triggers, token lifetimes (part of the deployment manifest, shared/deployment/manifest.ts). */
import { STAFF_GROUP } from '../../contract/staff-console';
import type { FunctionName } from './functions';

// ---------------------------------------------------------------------------------------------------------
// Accounts (Cognito user pool)
// ---------------------------------------------------------------------------------------------------------

export const userPool = {
  /** The spec's rule: password minimum 6. Enforced by Cognito deployed and by the local Cognito gap-filler. */
  passwordPolicy: {
    minLength: 6,
    requireLowercase: false,
    requireUppercase: false,
    requireDigits: false,
    requireSymbols: false,
  },
  /**
   * The second factor: an authenticator app (TOTP), never SMS. Optional pool-wide, so visitors keep the spec's
   * e-mail and password sign-in; once a user has TOTP enabled, Cognito asks for its code at every sign-in. The staff
   * routes require it (lambdas/composition/sessions.ts), and the console sets it up (web/src/features/staff).
   */
  mfa: { pool: 'optional', factors: ['totp'] },
  /** Users sign in with their e-mail address; the product's username is kept in this standard attribute. */
  usernameAttribute: 'preferred_username',
  triggers: {
    /** Refuses a sign-up whose username breaks the profile's rule (the same shared schema as the forms). */
    preSignUp: 'authPreSignUp',
    customMessage: 'authCustomMessage',
    postConfirmation: 'authPostConfirmation',
  },
  /**
   * Groups in the pool of every stage. Members of `staff` may use the staff console: their access tokens carry
   * the group in `cognito:groups`, which the staff routes check (lambdas/lib/http.ts). An operator adds a member
   * (docs/staff.md); nobody can join a group by signing up.
   */
  groups: {
    [STAFF_GROUP]: { description: 'Support staff: the staff console (/staff) and its API.' },
  },
  /**
   * How guessing is slowed: Cognito's built-in lockout, on in every user pool and not configurable (as AWS
   * documents it for passwords: after 5 failed attempts the user is locked out for 1 s, doubling with every further
   * failure up to about 15 minutes; attempts while locked are refused, even with the right password, and do not
   * count; 15 minutes without attempts, or a success after a lock, start the count again). Deployed, sign-up and
   * reset codes are limited the same way (LimitExceededException; AWS does not publish the numbers). The local
   * Cognito applies exactly this (infra/local/cognito/lockout.ts) to passwords, sign-up codes and reset codes.
   */
  lockout: { freeFailures: 5, firstLockSeconds: 1, maxLockSeconds: 900, forgetAfterSeconds: 900 },
  /**
   * The scope every access token of the pool's own sign-in carries (an ID token carries no `scope` at all). The
   * signed-in routes require it (the HTTP API's authorization scopes deployed, the local API's authorizer alike), so
   * only access tokens open them; the handlers also refuse any `token_use` but `access` (lambdas/lib/http.ts), so
   * neither side relies on the other.
   */
  signedInScope: 'aws.cognito.signin.user.admin',
  /** Access tokens live one hour (Cognito's default); refresh tokens 30 days. */
  accessTokenMinutes: 60,
  refreshTokenDays: 30,
} as const satisfies {
  passwordPolicy: Record<string, unknown>;
  mfa: { pool: 'optional'; factors: readonly 'totp'[] };
  usernameAttribute: string;
  triggers: Record<string, FunctionName>;
  groups: Record<string, { description: string }>;
  lockout: { freeFailures: number; firstLockSeconds: number; maxLockSeconds: number; forgetAfterSeconds: number };
  signedInScope: string;
  accessTokenMinutes: number;
  refreshTokenDays: number;
};
