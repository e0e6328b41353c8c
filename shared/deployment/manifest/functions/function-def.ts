/** What the manifest says of one Lambda function (part of the deployment manifest, shared/deployment/manifest.ts). */
import type { SecretName, SettingName } from '../../settings';
import type { BucketName } from '../storage';
import type { TablesAccess } from '../table-access';

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
   * The stage secrets (settings.ts `secretNames`) this function may read: `stripe` only for the functions that talk to Stripe,
   * `webhookSigning` only for the functions that sign webhook calls. Deployed, each grants read access to that
   * Secrets Manager secret and passes its ARN (`secretArnEnvName`); locally it decides what lambdas/lib/secrets.ts
   * hands the handler. A function that signs webhook calls only has to declare `webhookSigning` here.
   */
  readonly secrets: readonly SecretName[];
  /**
   * The Cognito user pool: `find` reads accounts by e-mail address or id (ListUsers); `findAndDelete` may also
   * sign one out everywhere and delete it (AdminUserGlobalSignOut, AdminDeleteUser: a person's erasure). The pool's id arrives in USER_POOL_ID.
   */
  readonly userPool?: 'find' | 'findAndDelete';
  /** Non-secret settings (see settings.ts) passed in as environment variables. */
  readonly settings: readonly SettingName[];
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}
