/** Every Lambda function: entry, grants, settings, secrets; who invokes whom asynchronously; the schedule; the environment each one gets (part of the deployment manifest, shared/deployment/manifest.ts). */
import type { SecretName, SettingName } from '../settings';
import { bucketEnvName, resourceName, tableEnvName, uploadPrefixes, type BucketName, type Stage, type TableName } from './storage';
import type { TablesAccess } from './table-access';

// ---------------------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------------------

export interface FunctionDef {
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  /** What it does with each table, down to the DynamoDB action (TableAccess). */
  readonly tables: TablesAccess;
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
  /**
   * The Cognito user pool: `find` reads accounts by e-mail address or id (ListUsers); `findAndDelete` may also
   * delete one (AdminDeleteUser, a person's erasure). The pool's id arrives in USER_POOL_ID.
   */
  readonly userPool?: 'find' | 'findAndDelete';
  /** Non-secret settings (see settings.ts) passed in as environment variables. */
  readonly settings: readonly SettingName[];
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}

export const functions = {
  uploads: {
    entry: 'lambdas/handlers/uploads.ts',
    description: 'Presigned POSTs for direct browser uploads (count, size and type checked), each recorded with its form.',
    tables: { uploadClaims: { write: ['PutItem'] } },
    buckets: { uploads: { write: [uploadPrefixes.incoming] } },
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  demoRequests: {
    entry: 'lambdas/handlers/demo-requests.ts',
    description: 'Stores a demo request (its uploads claimed) and hands it to submissionDelivery, which mails the support staff.',
    tables: { submissions: { read: ['GetItem'], write: ['PutItem'] }, uploadClaims: { read: ['GetItem'], write: ['UpdateItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.incoming, uploadPrefixes.attachments], write: [uploadPrefixes.attachments] } },
    // Accepting only stores and hands off (lambdas/composition/submissions.ts `acceptingDeps`): no mail, no settings.
    sendsMail: false,
    secrets: [],
    settings: ['SUBMISSION_RETENTION_DAYS'],
    timeoutSeconds: 20,
    memoryMb: 512,
  },
  contactMessages: {
    entry: 'lambdas/handlers/contact-messages.ts',
    description: 'Stores a contact message and hands it to submissionDelivery, which mails the support staff.',
    tables: { submissions: { read: ['GetItem'], write: ['PutItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: ['SUBMISSION_RETENTION_DAYS'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  attachmentLinks: {
    entry: 'lambdas/handlers/attachment-links.ts',
    description: "The support mail's links to files too large to attach: checks the link is known and recent, then redirects to a short-lived presigned GET.",
    tables: { submissions: { read: ['GetItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  ideas: {
    entry: 'lambdas/handlers/ideas.ts',
    description: 'Stores an app idea (its uploads claimed) and hands it to submissionDelivery, which sends it to both automation webhooks and by mail.',
    tables: { submissions: { read: ['GetItem'], write: ['PutItem'] }, uploadClaims: { read: ['GetItem'], write: ['UpdateItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.incoming, uploadPrefixes.attachments], write: [uploadPrefixes.attachments] } },
    // Never signs a webhook call itself: the delivery functions do, so only they read the signing key.
    sendsMail: false,
    secrets: [],
    settings: ['SUBMISSION_RETENTION_DAYS'],
    timeoutSeconds: 30,
    memoryMb: 512,
  },
  submissionDelivery: {
    entry: 'lambdas/handlers/submission-delivery.ts',
    description: 'Invoked asynchronously once a submission is stored: attempts its mail and webhook deliveries.',
    tables: { submissions: { read: ['GetItem'], write: ['UpdateItem'] }, confirmationClaims: { write: ['PutItem'] } },
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
    tables: { submissions: { read: ['GetItem'], write: ['UpdateItem'], indexes: ['pendingDeliveries'] }, confirmationClaims: { write: ['PutItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: true,
    secrets: ['webhookSigning'],
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO', 'WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL'],
    timeoutSeconds: 120,
    memoryMb: 512,
  },
  createPayment: {
    entry: 'lambdas/handlers/create-payment.ts',
    description:
      'Creates a Stripe Checkout session priced from the server-side catalogue (for a signed-in buyer: with the account and its e-mail), or answers the fallback checkout.',
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
    description:
      "Verifies Stripe webhook signatures; records purchases, refunds, lost disputes, cancelled subscriptions and failed renewals once, in any order, and stores the support staff's notice of each.",
    // submissions: the sale notices go through the delivery engine (stored first, then handed off).
    tables: { purchases: { read: ['GetItem'], write: ['UpdateItem'], indexes: ['byUser'] }, submissions: { read: ['GetItem'], write: ['PutItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: ['stripe'],
    // Verifies signatures with the endpoint's secret and calls no Stripe API, so STRIPE_API_URL is not its business.
    settings: [],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  purchases: {
    entry: 'lambdas/handlers/purchases.ts',
    description:
      "Purchases that follow the buyer: confirms a Checkout session for the browser that completed it, lists and adds an account's purchases, opens the Stripe customer portal.",
    tables: { purchases: { read: ['GetItem'], write: ['UpdateItem'], indexes: ['byUser'] }, submissions: { read: ['GetItem'], write: ['PutItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: ['stripe'],
    settings: ['SITE_ORIGIN', 'STRIPE_API_URL'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  prompts: {
    entry: 'lambdas/handlers/prompts.ts',
    description:
      'Returns the AI system prompt for a purchased app (prompt webhook, or the built-in generator), to the browser that paid or the account that owns the purchase, a limited number of times per hour.',
    // UpdateItem: the browser a purchase belongs to and its per-purchase retrieval count are written on the purchase.
    tables: { purchases: { read: ['GetItem'], write: ['UpdateItem'], indexes: ['byUser'] } },
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
    tables: { profiles: { read: ['GetItem'], write: ['PutItem', 'UpdateItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  staffInbox: {
    entry: 'lambdas/handlers/staff-inbox.ts',
    description: 'Staff console: lists, opens and works submissions (status, notes) and exports the inbox as CSV.',
    tables: { submissions: { read: ['GetItem', 'BatchGetItem'], write: ['UpdateItem'], indexes: ['inbox', 'inboxByKind', 'inboxByStatus', 'inboxByKindStatus', 'byEmail'] } },
    // Reads attachments (download links) and the exports it writes (their download link).
    buckets: { uploads: { read: [uploadPrefixes.attachments, uploadPrefixes.exports], write: [uploadPrefixes.exports] } },
    sendsMail: false,
    secrets: [],
    // The audit trail names the staff member by e-mail address, read from the pool by the token's sub.
    userPool: 'find',
    // The support recipients, shown in the delivery log.
    settings: ['MAIL_TO'],
    // Under API Gateway's 30 s: a CSV export of 100,000 rows is written in one call.
    timeoutSeconds: 29,
    memoryMb: 512,
  },
  staffDeliveries: {
    entry: 'lambdas/handlers/staff-deliveries.ts',
    description: "Staff console: sends a submission's delivery again, or the submission to a webhook, through the delivery engine.",
    tables: { submissions: { read: ['GetItem'], write: ['UpdateItem'] }, confirmationClaims: { write: ['PutItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: true,
    secrets: ['webhookSigning'],
    userPool: 'find',
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO', 'WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL'],
    timeoutSeconds: 29,
    memoryMb: 512,
  },
  staffPeople: {
    entry: 'lambdas/handlers/staff-people.ts',
    description: "Staff console: finds, exports and erases a person's data (submissions, files, account, profile, purchases and their sale notices) by e-mail address.",
    // Purchases and their sale notices: read by the buyer's address or account, and pseudonymised (an update, never a delete) on erasure.
    // Erasure deletes rows of its own tables only (never purchases: pseudonymised) and appends to the audit log,
    // which no function may change or delete.
    tables: {
      submissions: { read: ['GetItem', 'BatchGetItem'], write: ['UpdateItem'], delete: ['DeleteItem'], indexes: ['byEmail'] },
      profiles: { read: ['GetItem'], delete: ['DeleteItem'] },
      confirmationClaims: { delete: ['BatchWriteItem'] },
      staffAudit: { write: ['PutItem'] },
      uploadClaims: { delete: ['DeleteItem'] },
      purchases: { write: ['UpdateItem'], indexes: ['byEmail', 'byUser'] },
    },
    buckets: {
      uploads: {
        read: [uploadPrefixes.attachments, uploadPrefixes.exports],
        write: [uploadPrefixes.exports],
        // Erasure: the person's files, the uploads they were copied from, and every export (copies of their data).
        remove: [uploadPrefixes.incoming, uploadPrefixes.attachments, uploadPrefixes.exports],
      },
    },
    sendsMail: false,
    secrets: [],
    userPool: 'findAndDelete',
    settings: [],
    timeoutSeconds: 29,
    // A person's export carries their files (up to 5 x 10 MB a submission), one file in memory at a time.
    memoryMb: 1024,
  },
  authPreSignUp: {
    entry: 'lambdas/triggers/pre-sign-up.ts',
    description: "Cognito trigger: refuses a sign-up whose username breaks the profile's username rule.",
    tables: {},
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 5,
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
    tables: { profiles: { read: ['GetItem'], write: ['PutItem', 'UpdateItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 5,
    memoryMb: 256,
  },
} as const satisfies Record<string, FunctionDef>;

export type FunctionName = keyof typeof functions;

/** Whether a function writes (puts or updates) rows of `table`. */
export function writesTable(fn: FunctionName, table: TableName): boolean {
  const def: FunctionDef = functions[fn];
  return (def.tables[table]?.write?.length ?? 0) > 0;
}

/** Environment variable through which a function with `userPool` access learns the pool's id. */
export const userPoolIdEnv = 'USER_POOL_ID';

/** Environment variable through which a deployed function learns the ARN of a secret it may read. */
export function secretArnEnvName(secret: SecretName): string {
  return `SECRET_ARN_${secret.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

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
  submissionDelivery: { invokedBy: ['demoRequests', 'contactMessages', 'ideas', 'stripeWebhook', 'purchases'] },
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

/** Environment a function gets: its tables' and buckets' physical names plus the settings it declares. */
export function functionEnvironment(
  stage: Stage,
  fn: FunctionName,
  settingValues: Partial<Record<SettingName, string>>,
  physical: { table: (t: TableName) => string; bucket: (b: BucketName) => string; userPool?: () => string },
): Record<string, string> {
  const def: FunctionDef = functions[fn];
  const env: Record<string, string> = { STAGE: stage };
  if (def.userPool && physical.userPool) env[userPoolIdEnv] = physical.userPool();
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
