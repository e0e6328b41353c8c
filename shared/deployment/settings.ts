/**
 * Operator settings: the one list of configuration variables.
 *
 * Locally they come from the environment (or `.env`), falling back to `localDefault`; deployed, the CDK stage
 * config supplies them (infra/stages.ts) and secrets come from Secrets Manager. `.env.example` and the README
 * table are checked against this list by a unit test.
 */
/**
 * The stage's secrets. Each is its own Secrets Manager secret deployed (a JSON object keyed by setting name), and
 * only a function that declares it (shared/deployment/manifest/functions.ts `FunctionDef.secrets`) may read it, deployed (IAM) and
 * locally (lambdas/lib/secrets.ts): the Stripe keys only the functions that talk to Stripe, the signing key only the functions
 * that sign webhook calls.
 */
export const secretNames = ['stripe', 'webhookSigning', 'bookingLinks'] as const;
export type SecretName = (typeof secretNames)[number];

export interface SettingDef {
  readonly description: string;
  /** Value used by `npm start` when the variable is not set. `{webhookInbox}` is replaced by the local inbox URL. */
  readonly localDefault: string;
  /** Deployed, this value lives in that Secrets Manager secret instead of the function's environment. */
  readonly secret?: SecretName;
  /** A function that lists this setting cannot work without it: its handler refuses to start when it is empty. */
  readonly required?: boolean;
}

import { localRetention } from './manifest/storage';

export const settings = {
  SITE_ORIGIN: {
    description: "The site's origin, used in mail links and Stripe return URLs.",
    localDefault: 'http://localhost:3000',
    required: true,
  },
  MAIL_FROM: {
    description: 'Sender of notification mail (a verified SES identity when deployed).',
    localDefault: 'Cadence AI <no-reply@cadence-ai.example>',
    required: true,
  },
  MAIL_TO: {
    description: 'The two support recipients of every submission, comma-separated.',
    localDefault: 'sales@cadence-ai.example,support@cadence-ai.example',
    required: true,
  },
  WEBHOOK_TEST_URL: {
    description: "The 'test' automation webhook that receives ideas.",
    localDefault: '{webhookInbox}/hooks/test',
  },
  WEBHOOK_PROD_URL: {
    description: "The 'prod' automation webhook that receives ideas.",
    localDefault: '{webhookInbox}/hooks/prod',
  },
  WEBHOOK_SIGNING_SECRET: {
    description: 'HMAC-SHA256 key for the X-Signature header on outgoing webhook calls.',
    localDefault: 'local-webhook-signing-secret',
    secret: 'webhookSigning',
  },
  PROMPT_WEBHOOK_URL: {
    description: 'Automation webhook that writes AI system prompts; empty = the built-in prompt generator.',
    localDefault: '',
  },
  PURCHASE_REQUIRED: {
    description: "'true': the prompt API answers only a purchase Stripe's webhook recorded (deployed: the stage's sellsPrompts); 'false': prompts are free.",
    localDefault: 'false',
    required: true,
  },
  SUBMISSION_RETENTION_DAYS: {
    description: "Days a submission is kept before it expires (DynamoDB TTL; deployed: the stage's retention.submissionDays).",
    localDefault: String(localRetention.submissionDays),
    required: true,
  },
  BOOKING_DEFAULTS: {
    description:
      "The availability of demos (weekly hours, length, buffer, notice, horizon, closed dates, seats, meeting link) as JSON, until staff change it in the console (deployed: the stage's booking); empty = the built-in defaults.",
    localDefault: '',
  },
  BOOKING_LINK_SECRET: {
    description: "HMAC-SHA256 key of the visitor's booking links (pick, reschedule, cancel); changing it ends every link sent.",
    localDefault: 'local-booking-link-secret',
    secret: 'bookingLinks',
  },
  VISITOR_MAIL_CAPS: {
    description:
      "The stage's caps on mail to visitors (the confirmation, a booking's invitation, update or cancellation), as JSON: perHour and perDay over all addresses, perDomainPerHour and perDomainPerDay per recipient domain. Past one a mail is skipped (visible in the delivery log) and an alarm fires; the submission still reaches staff.",
    localDefault: JSON.stringify({ perHour: 2000, perDay: 20000, perDomainPerHour: 2000, perDomainPerDay: 20000 }),
    required: true,
  },
  MAIL_SANDBOX: {
    description: "'true' while the stage's SES account is in the sandbox: no mail goes to visitors (SES would refuse every address it has not verified).",
    localDefault: 'false',
  },
  AGENCY_TIME_ZONE: {
    description: "The agency's time zone (IANA name): the staff overview counts its days and weeks in it (deployed: the stage's timeZone).",
    localDefault: 'America/New_York',
    required: true,
  },
  OVERDUE_LEADS_ALARM: {
    description: "More leads than this going 24 hours without an answer within a day fires the leads-overdue alarm; the overview shows it (deployed: the stage's overdueLeadsAlarm).",
    localDefault: '3',
    required: true,
  },
  STRIPE_SECRET_KEY: {
    description: 'Stripe secret API key; empty = payments answer the fallback checkout.',
    localDefault: '',
    secret: 'stripe',
  },
  STRIPE_WEBHOOK_SECRET: {
    description: 'Signing secret of the Stripe webhook endpoint (whsec_...).',
    localDefault: '',
    secret: 'stripe',
  },
  STRIPE_PORTAL_LOGIN_URL: {
    description:
      "The login page of the Stripe customer portal (https://billing.stripe.com/p/login/...), linked from the Services page for subscribers who are not signed in; empty = no link.",
    localDefault: '',
  },
  STRIPE_API_URL: {
    description: 'Stripe API base URL; set only to point tests at a local stand-in.',
    localDefault: '',
  },
} as const satisfies Record<string, SettingDef>;

export type SettingName = keyof typeof settings;

/** The secret a setting lives in, if it is a secret setting. */
export function secretOf(name: SettingName): SecretName | undefined {
  return (settings[name] as SettingDef).secret;
}

/** The settings kept in one secret (its JSON keys). */
export function settingsIn(secret: SecretName): SettingName[] {
  return (Object.keys(settings) as SettingName[]).filter((s) => secretOf(s) === secret);
}
