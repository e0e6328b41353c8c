/**
 * The runtime configuration the site reads from `/config.json` at start.
 *
 * One build of the web app serves every stage: the CDK writes this file at deploy time from the stacks'
 * outputs, and the local stack serves it from the emulators' addresses. Both validate it with this schema.
 */
import * as z from './schemas/zod';

export const runtimeConfigSchema = z.object({
  stage: z.string().check(z.minLength(1)),
  /** Origin of the API ('' = the site's own origin, as in the local stack). Paths come from shared/deployment/manifest.ts. */
  apiUrl: z.string(),
  auth: z.object({
    region: z.string().check(z.minLength(1)),
    userPoolId: z.string().check(z.minLength(1)),
    userPoolClientId: z.string().check(z.minLength(1)),
    /** Set only for the local Cognito stand-in. */
    userPoolEndpoint: z.optional(z.string()),
    /** SRP deployed; the local stand-in has no SRP, so it uses USER_PASSWORD_AUTH. */
    authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  }),
  /**
   * The stage's Stripe customer portal login page (STRIPE_PORTAL_LOGIN_URL): the Services page links it for
   * subscribers who are not signed in. '' = no link (the operator has not enabled the login page yet).
   */
  billingPortalLoginUrl: z.optional(z.string()),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
