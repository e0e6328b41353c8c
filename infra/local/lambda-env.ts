/**
 * What the Lambdas read from their environment, locally: the emulators' endpoints, dummy credentials, every
 * function's environment from shared/deployment/manifest.ts and every setting. The handlers run in the stack's process (in its
 * function host thread, which shares process.env), so the environment is applied to process.env while the stack
 * runs and given back when it stops.
 */
import { bucketEnvName, buckets, functionEnvironment, functions, resourceName, type BucketName, type FunctionName, type TableName } from '@shared/deployment/manifest';
import type { SettingName } from '@shared/deployment/settings';
import { localStage, resetLambdaClients } from './lambda-runtime';
import type { LocalService } from './service';

export { localStage };
/** Any fixed region: the emulators ignore it, the SDK needs one. */
export const localRegion = 'us-east-1';
/** s3rver accepts only this key pair; dynalite, aws-ses-v2-local and cognito-local accept any, so all use it. */
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export const localBucketNames = Object.fromEntries(
  (Object.keys(buckets) as BucketName[]).map((b) => [b, resourceName(localStage, b)]),
) as Record<BucketName, string>;

export function lambdaEnvironment(opts: {
  endpoints: { dynamodb: string; s3: string; sesv2: string; cognito: string; lambda: string };
  tables: Record<TableName, string>;
  settings: Record<SettingName, string>;
  /** The local user pool (functions with `userPool` access get its id). */
  userPoolId?: string;
  quiet: boolean;
}): Record<string, string> {
  const env: Record<string, string> = {
    AWS_REGION: localRegion,
    AWS_DEFAULT_REGION: localRegion,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: opts.endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: opts.endpoints.s3,
    AWS_ENDPOINT_URL_SESV2: opts.endpoints.sesv2,
    AWS_ENDPOINT_URL_SES: opts.endpoints.sesv2,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: opts.endpoints.cognito,
    // Invoke calls (the hand-off of a stored submission to its delivery function) reach ./lambda-service.ts.
    AWS_ENDPOINT_URL_LAMBDA: opts.endpoints.lambda,
    // Every setting (secrets included): deployed, secrets come from Secrets Manager; locally from here. Handlers
    // read a secret setting only through lambdas/lib/secrets.ts, which refuses one the function did not declare
    // (each invocation runs as its function, ./lambda-runtime.ts), so the FunctionDef decides here too.
    ...opts.settings,
  };
  const userPoolId = opts.userPoolId;
  const physical = {
    table: (t: TableName) => opts.tables[t],
    bucket: (b: BucketName) => localBucketNames[b],
    ...(userPoolId ? { userPool: () => userPoolId } : {}),
  };
  for (const fn of Object.keys(functions) as FunctionName[]) {
    Object.assign(env, functionEnvironment(localStage, fn, opts.settings, physical));
  }
  for (const b of Object.keys(buckets) as BucketName[]) env[bucketEnvName(b)] = localBucketNames[b];
  if (opts.quiet && !process.env.LOG_LEVEL) env.LOG_LEVEL = 'WARN';
  return env;
}

/**
 * The handlers read their configuration from process.env, as in Lambda: it is set before the first handler
 * module is imported, and given back on stop.
 */
export function processEnvironment(env: Record<string, string>): LocalService {
  return {
    name: 'process environment',
    async start() {
      const previous = new Map<string, string | undefined>();
      for (const [k, v] of Object.entries(env)) {
        previous.set(k, process.env[k]);
        process.env[k] = v;
      }
      // A session token from the operator's shell would be sent along with the dummy keys.
      previous.set('AWS_SESSION_TOKEN', process.env.AWS_SESSION_TOKEN);
      delete process.env.AWS_SESSION_TOKEN;
      resetLambdaClients();
      return {
        stop() {
          for (const [k, v] of previous) {
            if (v === undefined) delete process.env[k];
            else process.env[k] = v;
          }
          resetLambdaClients();
        },
      };
    },
  };
}
