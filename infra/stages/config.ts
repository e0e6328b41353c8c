/**
 * What a deployed stage is made of (infra/stages.ts writes each one): every setting a stage has, the defaults
 * stages share, and how an entry becomes a stage (account and region overridable from the environment).
 */
import type { VisitorMailCaps } from '../../lambdas/domain/submissions/visitor-mail';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ClientLimits, Retention } from '@shared/deployment/manifest';
import { defaultAvailability, type Availability } from '@shared/contract/bookings';

/** CLOUDFRONT-scope web ACLs exist only in us-east-1, and the edge stack holds the distribution's ACL. */
export const edgeRegion = 'us-east-1';

export interface StageConfig {
  readonly name: string;
  /** The AWS account (12 digits). `AGENCY_<STAGE>_ACCOUNT` in the environment overrides it. */
  readonly account: string;
  /** Must be us-east-1 (the edge stack's WAF web ACL). `AGENCY_<STAGE>_REGION` overrides it. */
  readonly region: string;
  /**
   * Production data protection: point-in-time recovery and deletion protection on tables, deletion protection on
   * the user pool, and every bucket, table, pool and secret RETAINED when its stack is deleted. Off = destroyable.
   */
  readonly protectData: boolean;
  /** Optional custom domain of the site. Without it the site answers on its CloudFront domain. */
  readonly site?: {
    /** e.g. `www.cadence-ai.example` */
    readonly domainName: string;
    /** ACM certificate for `domainName`, in us-east-1 (CloudFront's requirement). Given by ARN: no lookups. */
    readonly certificateArn: string;
    /** Route 53 public hosted zone; when given, the alias records are created too. */
    readonly hostedZone?: { readonly id: string; readonly name: string };
  };
  /** Who gets the alarm e-mails (SNS e-mail subscription; confirm the first mail). */
  readonly alarmEmail: string;
  /** The agency's time zone (IANA name): the agency's days and weeks are counted in it. */
  readonly timeZone: string;
  /**
   * The 24-hour watch (lambdas/domain/submissions/answer-watch.ts): the `leads-overdue` alarm fires when more leads
   * than this went 24 hours without an answer within one day (any 24 hours).
   */
  readonly overdueLeadsAlarm: number;
  readonly mail: {
    /** SES identity that sends: a domain (recommended, DKIM) or one e-mail address. */
    readonly identity: string;
    /** Sender of notification and account mail, e.g. `Cadence AI <no-reply@cadence-ai.example>`. */
    readonly from: string;
    /** The two support recipients of every submission. */
    readonly to: readonly string[];
    /**
     * Cognito refuses an SES sender whose identity is not verified yet, and in the SES sandbox it could only mail
     * verified addresses, so a stage starts with Cognito's own mailer; set this once SES shows the identity as
     * verified and the account is out of the sandbox, then deploy again.
     */
    readonly cognitoSendsWithSes: boolean;
    /**
     * True while the account is in the SES sandbox: no mail goes to visitors (the confirmation), instead of each one
     * failing on an unverified address and retrying for hours. Set it false once SES has granted production access.
     */
    readonly sandbox: boolean;
    /**
     * The caps on mail to visitors (lambdas/domain/submissions/visitor-mail.ts): all of it per hour and per day, and
     * per recipient domain per hour and per day. A bot can put anyone's address into a form: past a cap the mail is
     * skipped (the submission still reaches staff) and the `visitor-mail-capped` alarm fires.
     */
    readonly visitorCaps: VisitorMailCaps;
  };
  readonly webhooks: {
    /** The 'test' automation webhook (ideas). */
    readonly testUrl: string;
    /** The 'prod' automation webhook. */
    readonly prodUrl: string;
    /** Prompt-writing webhook; '' = the built-in prompt generator. */
    readonly promptUrl: string;
  };
  /**
   * The stage sells the marketplace's prompts: the prompt API shows a prompt only for a purchase Stripe's webhook
   * recorded (the PURCHASE_REQUIRED setting), even before the Stripe keys are stored (buyers of the fallback
   * checkout then read that their purchase could not be verified). A stage that protects production data must
   * sell (checkStage), so production never hands out a paid prompt for free.
   */
  readonly sellsPrompts: boolean;
  /**
   * Stripe billing. `portalLoginUrl`: the login page of the stage's Stripe customer portal (Stripe Dashboard,
   * Settings, Billing, Customer portal, "Login link"; `https://billing.stripe.com/p/login/...`). The Services page
   * links it for subscribers who are not signed in (STRIPE_PORTAL_LOGIN_URL, written into /config.json); signed-in
   * subscribers open the portal from My Profile. '' = no link until the operator has enabled the login page.
   */
  readonly billing: { readonly portalLoginUrl: string };
  readonly logRetention: RetentionDays;
  /**
   * The AWS WAF web ACL on the distribution: per-IP limits on every route (one rate-based rule per limit of
   * shared/deployment/manifest.ts `ClientLimits`: writes, reads, Stripe's webhook) plus AWS's common rule set.
   * Requests over a limit are answered 429 until the IP's rate drops. Each must stay at or below the burst of the
   * routes it counts (`routeThrottleProblems`), so that one address never empties a route's shared throttle.
   */
  readonly waf: ClientLimits;
  /**
   * Cognito's protection of the accounts beyond its built-in lockout (shared/deployment/manifest.ts
   * `userPool.lockout`, always on and free: it slows password, sign-up-code and reset-code guessing per user):
   * - 'off': the Essentials plan; the lockout only. No cost beyond Cognito's per-user price (the first 10,000
   *   monthly active users free).
   * - 'audit': the Plus plan; Cognito scores each sign-in for risk (unusual device, place, IP reputation) and
   *   checks passwords against known breaches, and only reports it (CloudWatch metrics, the user's event history).
   * - 'enforced': the Plus plan, acting on it: a sign-in of high risk, or with a password known from a breach
   *   (also at sign-up and password change), is blocked.
   * The Plus plan is billed per monthly active user with no free tier (about $0.02 each against about $0.015 on
   * Essentials beyond its free 10,000; AWS's price list, us-east-1, when this was written): 1,000 monthly users
   * cost about $20 a month.
   */
  readonly threatProtection: 'off' | 'audit' | 'enforced';
  /**
   * How long submissions (DynamoDB TTL) and files (S3 lifecycle rules) are kept; see shared/deployment/manifest.ts
   * `Retention`. Prod keeps what the privacy page promises (shared/content/retention.ts).
   */
  readonly retention: Retention;
  /**
   * Map stack traces through the bundles' source maps (NODE_OPTIONS=--enable-source-maps). Readable traces, but
   * Node then parses the map on every cold start (~30 ms measured), so it is on in dev and off in prod; the map
   * ships with every function either way.
   */
  readonly sourceMapStackTraces: boolean;
  /**
   * The version of the origin-verify secret the distribution sends (`aws secretsmanager put-secret-value` prints
   * it). Unset: the secret's current value at the time the distribution was last updated. Rotating is: put a new
   * value, then set its version here and deploy (the deploy guide); the functions accept the current and the
   * previous value, so neither step refuses the API's callers.
   */
  readonly originVerifyVersionId?: string;
  /**
   * How many releases of the site keep their content-hashed `assets/` files: each deploy deletes the assets no
   * release among the newest this many uses (infra/deploy-time/site-releases.ts), never by age. A page opened
   * before a deploy keeps loading its chunks for as long as its release is among them.
   */
  readonly keepReleases: number;
  /**
   * When demos can be booked (issue 41): weekly hours in the stage's `timeZone`, the demo's length and buffer,
   * minimum notice, horizon, closed dates, how many run at once, the video-call link, bookings per address. The
   * stage's defaults (BOOKING_DEFAULTS); staff change them in the console (/staff/calendar), which then wins.
   */
  readonly booking: Omit<Availability, 'timeZone'>;
}

/** An availability without its zone: a stage's hours are in the stage's `timeZone`, the one agency zone. */
function stageBooking({ timeZone: _zone, ...rest }: Availability): Omit<Availability, 'timeZone'> {
  return rest;
}

/** The stage's booking defaults as the functions get them (BOOKING_DEFAULTS): its hours in its zone. */
export function bookingDefaultsOf(config: Pick<StageConfig, 'timeZone' | 'booking'>): Availability {
  return { ...config.booking, timeZone: config.timeZone };
}

/** Settings every stage shares unless its entry sets its own. */
export const stageDefaults = {
  region: edgeRegion,
  keepReleases: 3,
  // The zone of the spec's EST times.
  timeZone: 'America/New_York',
  booking: stageBooking(defaultAvailability),
} as const satisfies Partial<StageConfig>;

/** What a stage's entry in `stages` writes: every setting, those of `stageDefaults` optional. */
export type StageSettings = Omit<StageConfig, 'name' | keyof typeof stageDefaults> & Partial<Pick<StageConfig, keyof typeof stageDefaults>>;

/** `AGENCY_DEV_ACCOUNT=... npx cdk deploy` overrides the account/region written below without editing code. */
function fromEnv(stage: string, key: 'ACCOUNT' | 'REGION', fallback: string): string {
  return process.env[`AGENCY_${stage.toUpperCase()}_${key}`] || fallback;
}

/** A stage of the agency: its own settings over the defaults, account and region overridable from the environment. */
export function agencyStage(name: string, settings: StageSettings): StageConfig {
  const config: StageConfig = { ...stageDefaults, ...settings, name };
  return { ...config, account: fromEnv(name, 'ACCOUNT', config.account), region: fromEnv(name, 'REGION', config.region) };
}
