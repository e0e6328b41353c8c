/**
 * The deployment manifest: the one definition of what the backend is made of.
 *
 * Every table, bucket, function (entry, grants, settings, secrets), the function serving each API route,
 * schedule and the user pool's settings are declared here and nowhere else. The CDK stacks (infra/constructs)
 * and the offline local stack (infra/local) are both generated from this module, so the two cannot drift. The
 * web app never imports it: its side of the API is the contract, shared/contract/api.ts.
 *
 * Adding a route = one entry in shared/contract/api.ts `routes` + one in `routeBindings` below (and in
 * `functions`, if it needs a new Lambda) + its handler.
 */
import { routes, type RouteDef, type RouteName } from '../contract/api';
import type { SecretName, SettingName } from './settings';

export const appName = 'agency';

/** Deployed stages are named on the CDK command line (`-c stage=dev`); the laptop stack is `local`. */
export type Stage = string;

/** Physical name of a logical resource in a stage, e.g. `agency-dev-profiles`. Used by CDK and the local stack. */
export function resourceName(stage: Stage, logical: string): string {
  return `${appName}-${stage}-${logical}`;
}

// ---------------------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------------------

export interface KeyDef {
  readonly name: string;
  readonly type: 'S' | 'N';
}
export interface IndexDef {
  readonly name: string;
  readonly partitionKey: KeyDef;
  readonly sortKey?: KeyDef;
}
export interface TableDef {
  readonly partitionKey: KeyDef;
  readonly sortKey?: KeyDef;
  readonly indexes: readonly IndexDef[];
  /** Attribute holding an epoch-seconds expiry, if items should expire. */
  readonly timeToLiveAttribute?: string;
  readonly description: string;
}

export const tables = {
  /** The spec's `profiles` table: one row per account, keyed by the Cognito user's `sub`. */
  profiles: {
    partitionKey: { name: 'id', type: 'S' },
    indexes: [],
    description: 'Account profiles (username, created_at), keyed by the Cognito sub.',
  },
  /**
   * Every accepted demo request, contact message and app idea, with the state of each of its deliveries
   * (notification mail, webhooks). `retryQueue`/`retryAt` are set only while a delivery is pending, so the
   * `pendingDeliveries` index holds exactly the submissions the retry job has to look at.
   */
  submissions: {
    partitionKey: { name: 'id', type: 'S' },
    indexes: [
      {
        name: 'pendingDeliveries',
        partitionKey: { name: 'retryQueue', type: 'S' },
        sortKey: { name: 'retryAt', type: 'S' },
      },
    ],
    description: 'Demo requests, contact messages and ideas with their delivery states.',
  },
  /** Purchases confirmed by Stripe's webhook, keyed by the Checkout session id (so replays record once). */
  purchases: {
    partitionKey: { name: 'sessionId', type: 'S' },
    indexes: [],
    description: 'Completed Stripe Checkout sessions.',
  },
} as const satisfies Record<string, TableDef>;

export type TableName = keyof typeof tables;

/** Environment variable through which a function learns a table's physical name. */
export function tableEnvName(table: TableName): string {
  return `TABLE_${table.toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------------------
// Buckets
// ---------------------------------------------------------------------------------------------------------

export interface BucketDef {
  readonly description: string;
  /** Browser uploads straight to the bucket need CORS for the site origin (and only it). */
  readonly corsForSite: boolean;
  /**
   * Prefixes whose objects expire (S3 lifecycle rules, deployed only); the number of days is the stage's
   * retention setting (infra/stages.ts `retention`) that `retention` names.
   */
  readonly expire: readonly { readonly prefix: string; readonly retention: RetentionName }[];
}

export const uploadPrefixes = {
  /** Where presigned POSTs land. Nothing refers to these until a submission claims them. */
  incoming: 'incoming/',
  /** Where a claimed upload is copied once its submission is stored. */
  attachments: 'attachments/',
} as const;

/** How long stored files are kept, in days, per stage. */
export interface Retention {
  /**
   * Uploads under `incoming/` are copied to `attachments/` when their submission is stored, so whatever is still
   * there after this long was never submitted (an abandoned form) and is deleted.
   */
  readonly orphanedUploadDays: number;
  /**
   * Copied attachments of stored submissions. The support mail links to them for about 8 days (7 days after the
   * last possible retry of the mail), so a stage must keep them at least that long (checked by stageConfig).
   */
  readonly attachmentDays: number;
}
export type RetentionName = keyof Retention;

export const buckets = {
  uploads: {
    description: 'Files attached to demo requests and ideas, uploaded directly by browsers.',
    corsForSite: true,
    expire: [
      { prefix: uploadPrefixes.incoming, retention: 'orphanedUploadDays' },
      { prefix: uploadPrefixes.attachments, retention: 'attachmentDays' },
    ],
  },
} as const satisfies Record<string, BucketDef>;

export type BucketName = keyof typeof buckets;

export function bucketEnvName(bucket: BucketName): string {
  return `BUCKET_${bucket.toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------------------

export interface FunctionDef {
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly tables: Partial<Record<TableName, 'read' | 'readWrite'>>;
  /** S3 access per bucket, narrowed to prefixes. */
  readonly buckets: Partial<Record<BucketName, { readonly read?: readonly string[]; readonly write?: readonly string[]; readonly remove?: readonly string[] }>>;
  /** Sends mail through SES (the stage's identity and configuration set only). */
  readonly sendsMail: boolean;
  /**
   * The stage secrets (settings.ts `secretNames`) this function may read: `stripe` only for the payment functions,
   * `webhookSigning` only for the functions that sign webhook calls. Deployed, each grants read access to that
   * Secrets Manager secret and passes its ARN (`secretArnEnvName`); locally it decides what lambdas/lib/secrets.ts
   * hands the handler. A function that signs webhook calls only has to declare `webhookSigning` here.
   */
  readonly secrets: readonly SecretName[];
  /** Non-secret settings (see settings.ts) passed in as environment variables. */
  readonly settings: readonly SettingName[];
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}

export const functions = {
  uploads: {
    entry: 'lambdas/handlers/uploads.ts',
    description: 'Presigned POSTs for direct browser uploads (count, size and type checked).',
    tables: {},
    buckets: { uploads: { write: [uploadPrefixes.incoming] } },
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  demoRequests: {
    entry: 'lambdas/handlers/demo-requests.ts',
    description: 'Stores a demo request, then notifies the support staff by mail.',
    tables: { submissions: 'readWrite' },
    buckets: { uploads: { read: [uploadPrefixes.incoming, uploadPrefixes.attachments], write: [uploadPrefixes.attachments] } },
    sendsMail: true,
    secrets: [],
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO'],
    timeoutSeconds: 20,
    memoryMb: 512,
  },
  contactMessages: {
    entry: 'lambdas/handlers/contact-messages.ts',
    description: 'Stores a contact message, then notifies the support staff by mail.',
    tables: { submissions: 'readWrite' },
    buckets: {},
    sendsMail: true,
    secrets: [],
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  attachmentLinks: {
    entry: 'lambdas/handlers/attachment-links.ts',
    description: "The support mail's links to files too large to attach: checks the link is known and recent, then redirects to a short-lived presigned GET.",
    tables: { submissions: 'read' },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  ideas: {
    entry: 'lambdas/handlers/ideas.ts',
    description: 'Stores an app idea, then delivers it to both automation webhooks and by mail.',
    tables: { submissions: 'readWrite' },
    buckets: { uploads: { read: [uploadPrefixes.incoming, uploadPrefixes.attachments], write: [uploadPrefixes.attachments] } },
    sendsMail: true,
    secrets: ['webhookSigning'],
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO', 'WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL'],
    timeoutSeconds: 30,
    memoryMb: 512,
  },
  submissionDelivery: {
    entry: 'lambdas/handlers/submission-delivery.ts',
    description: 'Invoked asynchronously once a submission is stored: attempts its mail and webhook deliveries.',
    tables: { submissions: 'readWrite' },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: true,
    secrets: ['webhookSigning'],
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO', 'WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL'],
    // Room for one attempt (every target in parallel, each cut off after the engine's attempt timeout).
    timeoutSeconds: 30,
    memoryMb: 512,
  },
  deliveryRetry: {
    entry: 'lambdas/handlers/delivery-retry.ts',
    description: 'Scheduled: retries pending mail and webhook deliveries with backoff, marks them failed after the last try.',
    tables: { submissions: 'readWrite' },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: true,
    secrets: ['webhookSigning'],
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO', 'WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL'],
    timeoutSeconds: 120,
    memoryMb: 512,
  },
  createPayment: {
    entry: 'lambdas/handlers/create-payment.ts',
    description: 'Creates a Stripe Checkout session priced from the server-side catalogue, or answers the fallback checkout.',
    tables: {},
    buckets: {},
    sendsMail: false,
    secrets: ['stripe'],
    settings: ['SITE_ORIGIN', 'STRIPE_API_URL'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  stripeWebhook: {
    entry: 'lambdas/handlers/stripe-webhook.ts',
    description: 'Verifies Stripe webhook signatures and records each completed checkout once.',
    tables: { purchases: 'readWrite' },
    buckets: {},
    sendsMail: false,
    secrets: ['stripe'],
    settings: ['STRIPE_API_URL'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  prompts: {
    entry: 'lambdas/handlers/prompts.ts',
    description: 'Returns the AI system prompt for a purchased app (prompt webhook, or the built-in generator).',
    tables: { purchases: 'read' },
    buckets: {},
    sendsMail: false,
    secrets: ['webhookSigning'],
    settings: ['PROMPT_WEBHOOK_URL', 'PURCHASE_REQUIRED'],
    timeoutSeconds: 30,
    memoryMb: 256,
  },
  profile: {
    entry: 'lambdas/handlers/profile.ts',
    description: "Reads and updates the signed-in user's own profile.",
    tables: { profiles: 'readWrite' },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  authCustomMessage: {
    entry: 'lambdas/triggers/custom-message.ts',
    description: 'Cognito trigger: verification and reset mails whose links land on the site itself.',
    tables: {},
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: ['SITE_ORIGIN'],
    timeoutSeconds: 5,
    memoryMb: 256,
  },
  authPostConfirmation: {
    entry: 'lambdas/triggers/post-confirmation.ts',
    description: 'Cognito trigger: creates the profile row once an account is confirmed.',
    tables: { profiles: 'readWrite' },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 5,
    memoryMb: 256,
  },
} as const satisfies Record<string, FunctionDef>;

export type FunctionName = keyof typeof functions;

/** Environment variable through which a deployed function learns the ARN of a secret it may read. */
export function secretArnEnvName(secret: SecretName): string {
  return `SECRET_ARN_${secret.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------------------
// API routes: the contract's routes (shared/contract/api.ts) bound to functions (HTTP API, payload format 2.0)
// ---------------------------------------------------------------------------------------------------------

/** How a route of the browser-facing API (shared/contract/api.ts) is served: by which function, throttled how. */
export interface RouteBinding {
  readonly fn: FunctionName;
  /** Requests per second and burst, enforced by API Gateway deployed and by the local API server. */
  readonly throttle: { readonly rate: number; readonly burst: number };
}

/** A route as deployed: its contract plus its binding. */
export type DeployedRouteDef = RouteDef & RouteBinding;

/**
 * Per-route throttles are a circuit breaker for the whole route (all callers together), set well above what one
 * client may send (`ClientLimits`): the per-client limit stops a flood first, so one noisy client cannot use up the
 * route's budget and make every real visitor's submission fail with 429.
 */
const formThrottle = { rate: 50, burst: 400 } as const;

const routeBindings = {
  createUploads: { fn: 'uploads', throttle: formThrottle },
  createDemoRequest: { fn: 'demoRequests', throttle: formThrottle },
  createContactMessage: { fn: 'contactMessages', throttle: formThrottle },
  openAttachment: { fn: 'attachmentLinks', throttle: { rate: 5, burst: 20 } },
  createIdea: { fn: 'ideas', throttle: formThrottle },
  createPayment: { fn: 'createPayment', throttle: formThrottle },
  stripeWebhook: { fn: 'stripeWebhook', throttle: { rate: 50, burst: 100 } },
  getPrompt: { fn: 'prompts', throttle: formThrottle },
  getProfile: { fn: 'profile', throttle: { rate: 20, burst: 40 } },
  updateProfile: { fn: 'profile', throttle: { rate: 10, burst: 400 } },
} as const satisfies Record<RouteName, RouteBinding>;

/** Every route of the contract with the function that serves it: what API Gateway and the local API are built from. */
export const deployedRoutes = Object.fromEntries(
  (Object.keys(routes) as RouteName[]).map((name) => [name, { ...routes[name], ...routeBindings[name] }]),
) as { readonly [K in RouteName]: (typeof routes)[K] & (typeof routeBindings)[K] };

// ---------------------------------------------------------------------------------------------------------
// Per-client limits (one client cannot use up everyone's budget)
// ---------------------------------------------------------------------------------------------------------

/**
 * How much one client (one IP address) may send. Deployed, an AWS WAF rate-based rule counts per IP over five
 * minutes (WAF's window; its minimum limit is 10); locally the local API counts the same way.
 */
export interface ClientLimits {
  /** Requests to the write routes (`writeRoutes`) one IP may make in any five minutes; more are answered 429. */
  readonly writeRequestsPer5MinPerIp: number;
}

/** The laptop stack's limits (infra/local). Deployed stages set theirs per stage in infra/stages.ts `waf`. */
export const localClientLimits: ClientLimits = { writeRequestsPer5MinPerIp: 300 };

/**
 * The routes the per-client limit covers: every route that writes or sends something. Stripe's webhook is left
 * out: Stripe calls from a few shared addresses, in bursts after busy hours, and every call is signed.
 */
export const writeRoutes: readonly RouteName[] = (Object.keys(routes) as RouteName[]).filter(
  (name) => routes[name].method !== 'GET' && name !== 'stripeWebhook',
);

/**
 * The header the CloudFront distribution adds to every request it forwards to the API (and the local API adds
 * the same way). Its value is a per-stage secret; each API function refuses a request without it, so the API's
 * own execute-api address cannot be used to get around the site (and its WAF and headers).
 */
export const originVerifyHeader = 'x-origin-verify';
/** Deployed: the ARN of the Secrets Manager secret holding the expected value (API functions only). */
export const originVerifySecretArnEnv = 'ORIGIN_VERIFY_SECRET_ARN';
/** Local stack: the expected value itself, generated at each start (there is no Secrets Manager). */
export const originVerifyValueEnv = 'ORIGIN_VERIFY_SECRET';

// ---------------------------------------------------------------------------------------------------------
// Schedules
// ---------------------------------------------------------------------------------------------------------

export const schedules = {
  /** Retries pending deliveries; locally the same handler runs on a timer. */
  deliveryRetry: { fn: 'deliveryRetry', everyMinutes: 1 },
} as const satisfies Record<string, { fn: FunctionName; everyMinutes: number }>;

// ---------------------------------------------------------------------------------------------------------
// Asynchronous invocations (one function hands work to another)
// ---------------------------------------------------------------------------------------------------------

/**
 * Functions other functions invoke asynchronously (`InvocationType: 'Event'`), and who may: each caller is granted
 * `lambda:InvokeFunction` on exactly that function and learns its name from `functionEnvName(fn)`. Deployed, an
 * invocation that fails goes to an SQS on-failure destination (alarmed); locally infra/local/lambda-service.ts
 * answers the same Invoke calls.
 */
export const asyncInvocations = {
  /**
   * A stored submission is answered 201 at once and delivered here, so the visitor never waits on SES or a
   * webhook; the scheduled deliveryRetry job stays the safety net for a hand-off that never ran.
   */
  submissionDelivery: { invokedBy: ['demoRequests', 'contactMessages', 'ideas'] },
} as const satisfies Partial<Record<FunctionName, { invokedBy: readonly FunctionName[] }>>;

export type AsyncFunctionName = keyof typeof asyncInvocations;

/** The functions `fn` may invoke asynchronously. */
export function invokableBy(fn: FunctionName): AsyncFunctionName[] {
  return (Object.keys(asyncInvocations) as AsyncFunctionName[]).filter((target) =>
    (asyncInvocations[target].invokedBy as readonly FunctionName[]).includes(fn),
  );
}

/** Environment variable through which a caller learns the physical name of a function it invokes. */
export function functionEnvName(fn: FunctionName): string {
  return `FUNCTION_${fn.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

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

/** Environment a function gets: its tables' and buckets' physical names plus the settings it declares. */
export function functionEnvironment(
  stage: Stage,
  fn: FunctionName,
  settingValues: Partial<Record<SettingName, string>>,
  physical: { table: (t: TableName) => string; bucket: (b: BucketName) => string },
): Record<string, string> {
  const def: FunctionDef = functions[fn];
  const env: Record<string, string> = { STAGE: stage };
  for (const t of Object.keys(def.tables) as TableName[]) env[tableEnvName(t)] = physical.table(t);
  for (const b of Object.keys(def.buckets) as BucketName[]) env[bucketEnvName(b)] = physical.bucket(b);
  // Physical names are fixed (`resourceName`), so a caller needs no reference to the function it invokes.
  for (const target of invokableBy(fn)) env[functionEnvName(target)] = resourceName(stage, target);
  for (const s of def.settings) {
    const value = settingValues[s];
    if (value !== undefined) env[s] = value;
  }
  return env;
}
