/**
 * Every Lambda function: entry, grants, settings, secrets; who invokes whom asynchronously; the schedule; the
 * environment each one gets (part of the deployment manifest, shared/deployment/manifest.ts). Each area declares its
 * functions in a file of its own under ./functions/ (what one function declares: ./functions/function-def.ts).
 */
import type { SecretName, SettingName } from '../settings';
import { bucketEnvName, resourceName, tableEnvName, type BucketName, type Stage, type TableName } from './storage';
import { accountFunctions } from './functions/accounts';
import { bookingFunctions } from './functions/bookings';
import type { FunctionDef } from './functions/function-def';
import { promptStudioFunctions } from './functions/prompt-studio';
import { purchaseFunctions } from './functions/purchases';
import { staffFunctions } from './functions/staff';
import { submissionFunctions } from './functions/submissions';

export type { FunctionDef };

// ---------------------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------------------

export const functions = {
  ...submissionFunctions,
  ...purchaseFunctions,
  ...promptStudioFunctions,
  ...accountFunctions,
  ...staffFunctions,
  ...bookingFunctions,
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
  submissionDelivery: { invokedBy: ['demoRequests', 'contactMessages', 'ideas', 'stripeWebhook', 'purchases', 'promptStudio', 'bookings', 'staffBookings'] },
} as const satisfies Partial<Record<FunctionName, { invokedBy: readonly FunctionName[] }>>;

export type AsyncFunctionName = keyof typeof asyncInvocations;

// ---------------------------------------------------------------------------------------------------------
// SES's events (what happened to the mail the stage sent)
// ---------------------------------------------------------------------------------------------------------

/**
 * The function SES's bounce and complaint events of the stage's configuration set go to: deployed, its event
 * destination publishes them to an SNS topic the function is subscribed to (infra/constructs/mail-feedback.ts);
 * locally the SES stand-in bounces nothing, and tests invoke the function with the same SNS event.
 */
export const mailEvents = { fn: 'mailFeedback', events: ['bounce', 'complaint'] } as const satisfies { fn: FunctionName; events: readonly ('bounce' | 'complaint')[] };

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
