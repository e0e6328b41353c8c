/**
 * Deployed stages: where each one lives and what the operator configured for it.
 *
 * Every setting of a stage is one field of `StageConfig`, written in that stage's entry of `stages` (or taken
 * from `stageDefaults`): there is nothing a stage cannot set for itself. Adding a setting = one field in
 * `StageConfig` (with its comment), then either a value in each stage or a default in `stageDefaults`.
 *
 * Account and region are fixed here (or overridden from the environment) so `cdk synth` never looks anything up
 * and works offline; the CLI would otherwise fall back to us-east-1 and an unknown account. Choose a stage on the
 * command line: `npx cdk synth -c stage=dev`. A new stage is one more `agencyStage` entry in `stages`.
 *
 * The values committed here are placeholders (`*.example` addresses, accounts of repeated digits): synth and the
 * tests work with them, but `npm run deploy:check` and the deploy scripts refuse a stage that still holds one
 * (`placeholdersOf`).
 *
 * Secret settings (shared/deployment/settings.ts `secret`) are NOT configured here: they live in the stage's
 * Secrets Manager secrets (see the deploy guide in the README).
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { SettingName } from '@shared/deployment/settings';
import { routeThrottleProblems, type ClientLimits, type Retention } from '@shared/deployment/manifest';
import { publishedRetention } from '@shared/content/retention';
import { ATTACHMENT_LINK_SECONDS } from '../lambdas/domain/submissions/attachment-link';

/** WAF's rate-based rules count over five minutes and accept no limit below 10. */
const wafMinimumRateLimit = 10;
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
}

/** Settings every stage shares unless its entry sets its own. */
export const stageDefaults = {
  region: edgeRegion,
  keepReleases: 3,
  // The zone of the spec's EST times.
  timeZone: 'America/New_York',
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

export const stages: Record<string, StageConfig> = {
  dev: agencyStage('dev', {
    account: '111111111111',
    protectData: false,
    alarmEmail: 'ops+dev@cadence-ai.example',
    // Test leads sit unanswered: only a flood of them is worth a mail.
    overdueLeadsAlarm: 10,
    mail: {
      identity: 'cadence-ai.example',
      from: 'Cadence AI (dev) <no-reply@cadence-ai.example>',
      to: ['sales@cadence-ai.example', 'support@cadence-ai.example'],
      cognitoSendsWithSes: false,
    },
    webhooks: {
      testUrl: 'https://hooks.cadence-ai.example/dev/test',
      prodUrl: 'https://hooks.cadence-ai.example/dev/prod',
      promptUrl: '',
    },
    // Reachable from the internet like prod, so its prompts are not free either (buy with Stripe test keys).
    sellsPrompts: true,
    // The test-mode portal's login link, once enabled in the Stripe Dashboard (https://billing.stripe.com/p/login/test_...).
    billing: { portalLoginUrl: '' },
    logRetention: RetentionDays.TWO_WEEKS,
    waf: { writeRequestsPer5MinPerIp: 300, readRequestsPer5MinPerIp: 300, stripeWebhookRequestsPer5MinPerIp: 300 },
    // Test accounts only: the built-in lockout is enough, and the Plus plan's per-user price is not worth it.
    threatProtection: 'off',
    retention: { orphanedUploadDays: 1, attachmentDays: 14, submissionDays: 30, exportDays: 1 },
    sourceMapStackTraces: true,
  }),
  prod: agencyStage('prod', {
    account: '222222222222',
    protectData: true,
    // site: { domainName: 'www.cadence-ai.example', certificateArn: 'arn:aws:acm:us-east-1:222222222222:certificate/...' },
    alarmEmail: 'ops@cadence-ai.example',
    // More than two broken promises in a day is a staffing problem, not bad luck.
    overdueLeadsAlarm: 2,
    mail: {
      identity: 'cadence-ai.example',
      from: 'Cadence AI <no-reply@cadence-ai.example>',
      to: ['sales@cadence-ai.example', 'support@cadence-ai.example'],
      cognitoSendsWithSes: false,
    },
    webhooks: {
      testUrl: 'https://hooks.cadence-ai.example/prod/test',
      prodUrl: 'https://hooks.cadence-ai.example/prod/prod',
      promptUrl: '',
    },
    sellsPrompts: true,
    // The live portal's login link, once enabled in the Stripe Dashboard (https://billing.stripe.com/p/login/...).
    billing: { portalLoginUrl: '' },
    // A year, as AWS's Control Tower controls expect of production logs (CT.CLOUDWATCH.PR.2).
    logRetention: RetentionDays.ONE_YEAR,
    // A visitor sends 2-3 requests per form (uploads, then the submission, maybe a corrected retry); 100 in five
    // minutes leaves room for an office behind one address while stopping a script. Reads (a profile, the support
    // staff opening attachment links from one office) and Stripe's calls get more.
    waf: { writeRequestsPer5MinPerIp: 100, readRequestsPer5MinPerIp: 300, stripeWebhookRequestsPer5MinPerIp: 300 },
    // Real buyers' accounts: block risky sign-ins and breached passwords (Plus plan, about $0.02 per monthly user).
    threatProtection: 'enforced',
    // The privacy page states these numbers: change them there (shared/content/retention.ts), not here.
    retention: publishedRetention,
    sourceMapStackTraces: false,
  }),
};

export function stageConfig(name: string): StageConfig {
  const config = stages[name];
  if (!config) {
    throw new Error(`Unknown stage "${name}". Known stages: ${Object.keys(stages).join(', ')} (infra/stages.ts).`);
  }
  checkStage(config);
  return config;
}

/** A setting that still holds a value no deployment can work with; `setting` is its path in StageConfig. */
export interface Placeholder {
  readonly setting: string;
  readonly value: string;
  readonly why: string;
}

/**
 * Domains reserved for documentation and tests (RFC 2606, RFC 6761): nobody can own them, so SES can never verify
 * an identity there, no mail to them arrives and no webhook there answers.
 */
const reservedDomain = /(^|\.)(example|invalid|test|localhost)$|(^|\.)example\.(com|net|org)$/i;
/** Account ids of AWS's own documentation. */
const documentationAccounts = new Set(['123456789012', '111122223333', '444455556666']);

function domainOf(value: string): string {
  const address = parseMailbox(value).address;
  if (/^https?:\/\//i.test(address)) {
    try {
      return new URL(address).hostname;
    } catch {
      return address;
    }
  }
  return (address.includes('@') ? address.slice(address.lastIndexOf('@') + 1) : address).toLowerCase();
}

/**
 * The settings of a stage that are still placeholders: a reserved (`*.example`) domain or address anywhere a real
 * one is needed, an account id of repeated digits or from AWS's documentation, a certificate ARN left as `...`.
 * The offline synth accepts them (the repository's stages are such placeholders); a deploy refuses them
 * (`npm run deploy:check`, which every deploy script runs first).
 */
export function placeholdersOf(config: StageConfig): Placeholder[] {
  const found: Placeholder[] = [];
  const reserved = (setting: string, value: string, what: string) => {
    if (reservedDomain.test(domainOf(value))) found.push({ setting, value, why: `${domainOf(value)} is a reserved example domain: ${what}` });
  };
  if (!/^\d{12}$/.test(config.account)) {
    found.push({ setting: 'account', value: config.account, why: 'an AWS account id has 12 digits' });
  } else if (/^(\d)\1{11}$/.test(config.account) || documentationAccounts.has(config.account)) {
    found.push({ setting: 'account', value: config.account, why: 'a placeholder account id, not yours' });
  }
  reserved('alarmEmail', config.alarmEmail, 'no alarm mail can reach it');
  reserved('mail.identity', config.mail.identity, 'SES can never verify it');
  reserved('mail.from', config.mail.from, 'SES can never send from it');
  config.mail.to.forEach((to, i) => reserved(`mail.to[${i}]`, to, 'no support mail can reach it'));
  for (const key of ['testUrl', 'prodUrl', 'promptUrl'] as const) {
    const url = config.webhooks[key];
    if (url) reserved(`webhooks.${key}`, url, 'no receiver answers there');
  }
  if (config.site) {
    reserved('site.domainName', config.site.domainName, 'no certificate or DNS record can exist for it');
    if (config.site.hostedZone) reserved('site.hostedZone.name', config.site.hostedZone.name, 'no such zone can exist');
    if (!/^arn:aws:acm:[a-z0-9-]+:\d{12}:certificate\/[0-9a-f-]{36}$/.test(config.site.certificateArn)) {
      found.push({ setting: 'site.certificateArn', value: config.site.certificateArn, why: 'not the ARN of an ACM certificate' });
    }
  }
  return found;
}

/** Refuses a stage config that could not be deployed as it says (throws with the reason). */
export function checkStage(config: StageConfig): void {
  const { name } = config;
  if (config.mail.to.length === 0) throw new Error(`Stage ${name}: mail.to needs at least one recipient`);
  if (config.region !== edgeRegion) {
    throw new Error(
      `Stage ${name}: region must be ${edgeRegion}. The edge stack holds the CloudFront distribution's AWS WAF web ACL, which CloudFront only accepts from ${edgeRegion}.`,
    );
  }
  for (const [setting, limit] of Object.entries(config.waf)) {
    if (!Number.isInteger(limit) || limit < wafMinimumRateLimit) {
      throw new Error(`Stage ${name}: waf.${setting} must be a whole number of at least ${wafMinimumRateLimit} (AWS WAF's minimum).`);
    }
  }
  const reachable = routeThrottleProblems(config.waf);
  if (reachable.length > 0) {
    throw new Error(
      `Stage ${name}: one address could empty a route's shared throttle (lower the waf limit or raise the route's burst in shared/deployment/manifest/api-routes.ts): ${reachable.join('; ')}.`,
    );
  }
  const linkDays = Math.ceil(ATTACHMENT_LINK_SECONDS / 86_400);
  if (config.retention.attachmentDays < linkDays) {
    throw new Error(`Stage ${name}: retention.attachmentDays must be at least ${linkDays}: the support mail's attachment links work that long.`);
  }
  if (config.protectData && !config.sellsPrompts) {
    throw new Error(`Stage ${name}: protects production data but sellsPrompts is false, so its paid prompts would be free. Set sellsPrompts: true.`);
  }
  if (config.retention.orphanedUploadDays < 1) throw new Error(`Stage ${name}: retention.orphanedUploadDays must be at least 1.`);
  if (config.retention.exportDays < 1) throw new Error(`Stage ${name}: retention.exportDays must be at least 1 (S3's shortest lifecycle).`);
  if (config.retention.attachmentDays > config.retention.submissionDays) {
    throw new Error(`Stage ${name}: retention.attachmentDays must not exceed retention.submissionDays: a file must not outlive its submission.`);
  }
  if (config.billing.portalLoginUrl !== '' && !/^https:\/\/[^\s/]+\/\S*$/.test(config.billing.portalLoginUrl)) {
    throw new Error(`Stage ${name}: billing.portalLoginUrl must be an https URL (Stripe's portal login link) or ''.`);
  }
  if (!Number.isInteger(config.keepReleases) || config.keepReleases < 1) throw new Error(`Stage ${name}: keepReleases must be a whole number of at least 1.`);
  if (!Number.isInteger(config.overdueLeadsAlarm) || config.overdueLeadsAlarm < 0) throw new Error(`Stage ${name}: overdueLeadsAlarm must be a whole number of at least 0.`);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone });
  } catch {
    throw new Error(`Stage ${name}: timeZone must be an IANA time zone such as America/New_York, not "${config.timeZone}".`);
  }
}

/**
 * The non-secret settings a stage gives its functions. `SITE_ORIGIN` comes from the edge stack (custom domain or
 * CloudFront domain). `STRIPE_API_URL` stays unset deployed: it only points tests at a local Stripe stand-in.
 */
export function stageSettings(config: StageConfig, siteOrigin: string): Partial<Record<SettingName, string>> {
  return {
    SITE_ORIGIN: siteOrigin,
    MAIL_FROM: config.mail.from,
    MAIL_TO: config.mail.to.join(','),
    WEBHOOK_TEST_URL: config.webhooks.testUrl,
    WEBHOOK_PROD_URL: config.webhooks.prodUrl,
    PROMPT_WEBHOOK_URL: config.webhooks.promptUrl,
    PURCHASE_REQUIRED: config.sellsPrompts ? 'true' : 'false',
    SUBMISSION_RETENTION_DAYS: String(config.retention.submissionDays),
    // Read by the site (/config.json, infra/constructs/site-content.ts), not by a function.
    STRIPE_PORTAL_LOGIN_URL: config.billing.portalLoginUrl,
  };
}

/** Settings that are deliberately absent from deployed functions (see stageSettings). */
export const localOnlySettings: readonly SettingName[] = ['STRIPE_API_URL'];

/** `Cadence AI <no-reply@x>` -> { name: 'Cadence AI', address: 'no-reply@x' } */
export function parseMailbox(mailbox: string): { name?: string; address: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(mailbox);
  if (!match) return { address: mailbox.trim() };
  const name = match[1]?.replace(/^"|"$/g, '');
  return name ? { name, address: match[2] as string } : { address: match[2] as string };
}
