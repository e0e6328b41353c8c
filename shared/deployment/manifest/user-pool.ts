/** The Cognito user pool: password policy, username attribute, triggers, token lifetimes (part of the deployment manifest, shared/deployment/manifest.ts). */
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
  /** Users sign in with their e-mail address; the product's username is kept in this standard attribute. */
  usernameAttribute: 'preferred_username',
  triggers: {
    /** Refuses a sign-up whose username breaks the profile's rule (the same shared schema as the forms). */
    preSignUp: 'authPreSignUp',
    customMessage: 'authCustomMessage',
    postConfirmation: 'authPostConfirmation',
  },
  /** Access tokens live one hour (Cognito's default); refresh tokens 30 days. */
  accessTokenMinutes: 60,
  refreshTokenDays: 30,
} as const satisfies {
  passwordPolicy: Record<string, unknown>;
  usernameAttribute: string;
  triggers: Record<string, FunctionName>;
  accessTokenMinutes: number;
  refreshTokenDays: number;
};
