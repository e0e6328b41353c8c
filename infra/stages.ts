/**
 * Deployed stages: where each one lives and what the operator configured for it.
 *
 * Every setting of a stage is one field of `StageConfig`, written in that stage's entry of `stages` (or taken
 * from `stageDefaults`): there is nothing a stage cannot set for itself. Adding a setting = one field in
 * `StageConfig` (./stages/config.ts, with its comment), then either a value in each stage or a default in
 * `stageDefaults`, and its check, if it has one, in `checkStage` (./stages/checks.ts).
 *
 * Account and region are fixed here (or overridden from the environment) so `cdk synth` never looks anything up
 * and works offline; the CLI would otherwise fall back to us-east-1 and an unknown account. Choose a stage on the
 * command line: `npx cdk synth -c stage=dev`. A new stage is one more `agencyStage` entry in `stages`.
 *
 * The values committed here are placeholders (`*.example` addresses, accounts of repeated digits): synth and the
 * tests work with them, but `npm run deploy:check` and the deploy scripts refuse a stage that still holds one
 * (`placeholdersOf`, ./stages/checks.ts).
 *
 * Secret settings (shared/deployment/settings.ts `secret`) are NOT configured here: they live in the stage's
 * Secrets Manager secrets (the deploy guide, docs/deploy.md).
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { SettingName } from '@shared/deployment/settings';
import { publishedRetention } from '@shared/content/retention';
import { agencyStage, bookingDefaultsOf, type StageConfig } from './stages/config';
import { checkStage } from './stages/checks';

export * from './stages/config';
export * from './stages/checks';
export * from './stages/mailbox';

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
      // A new account starts in the SES sandbox; set false once SES has granted production access.
      sandbox: true,
      // Test traffic: a handful of confirmations an hour is plenty, and a bot's wave stops early.
      visitorCaps: { perHour: 20, perDay: 100, perDomainPerHour: 10, perDomainPerDay: 50 },
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
      sandbox: true,
      // Well above a busy day's leads (a few dozen), well below what gets an SES account reviewed: a bot's wave of
      // strangers' addresses costs at most this many confirmations (and the alarm says so).
      visitorCaps: { perHour: 100, perDay: 500, perDomainPerHour: 20, perDomainPerDay: 100 },
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
    VISITOR_MAIL_CAPS: JSON.stringify(config.mail.visitorCaps),
    MAIL_SANDBOX: config.mail.sandbox ? 'true' : 'false',
    SUBMISSION_RETENTION_DAYS: String(config.retention.submissionDays),
    AGENCY_TIME_ZONE: config.timeZone,
    OVERDUE_LEADS_ALARM: String(config.overdueLeadsAlarm),
    // Read by the site (/config.json, infra/constructs/site-content.ts), not by a function.
    STRIPE_PORTAL_LOGIN_URL: config.billing.portalLoginUrl,
    BOOKING_DEFAULTS: JSON.stringify(bookingDefaultsOf(config)),
  };
}

/** Settings that are deliberately absent from deployed functions (see stageSettings). */
export const localOnlySettings: readonly SettingName[] = ['STRIPE_API_URL'];
