/**
 * One Lambda function built from its FunctionDef in shared/deployment/manifest.ts: the bundle, its runtime settings, its own
 * log group, and an IAM role that reaches exactly the resources the definition names and nothing else.
 */
import { ArnFormat, AssetHashType, DockerImage, Duration, Stack, type CfnResource } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Code, Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { functionEnvironment, functions, invokableBy, resourceName, originVerifySecretArnEnv, secretArnEnvName, tableActions, type BucketName, type FunctionDef, type FunctionName, type TableAccess, type TableName } from '@shared/deployment/manifest';
import { secretOf, type SecretName, type SettingName } from '@shared/deployment/settings';
import type { StageConfig } from '../stages';
import { bundledHandler, lambdaArchitecture, lambdaRuntime, repoRoot } from '../lib/bundling';
import { bucketArn, tableArn } from '../lib/names';
import { acknowledge, reasons } from '../lib/nag';
import { stageLogGroup } from '../lib/log-group';

/** The stateful resources a function may be granted, by logical name. */
export interface FunctionResources {
  readonly tables: Record<TableName, ITable>;
  readonly buckets: Record<BucketName, IBucket>;
  /** The stage's secrets, each holding its secret settings keyed by setting name (app-secret.ts). */
  readonly secrets: Record<SecretName, ISecret>;
  readonly mail: { readonly identityArn: string; readonly configurationSetArn: string };
  /** The user pool, for functions whose FunctionDef has `userPool` access (the staff console's). */
  readonly userPool?: IUserPool;
}

export interface AppFunctionProps {
  readonly stage: StageConfig;
  readonly name: FunctionName;
  /** Non-secret setting values for this stage (secret ones are never passed as environment). */
  readonly settings: Partial<Record<SettingName, string>>;
  readonly resources: FunctionResources;
  /**
   * For asynchronously invoked functions (the schedule, the submission hand-off): failed invocations end up in
   * this queue (an on-failure destination, which carries the error, unlike a classic dead-letter queue).
   */
  readonly asyncFailures?: IQueue;
  /** How often Lambda retries a failed asynchronous invocation before it goes to `asyncFailures` (default 0). */
  readonly asyncRetries?: number;
  /** API functions: the secret the distribution sends in `originVerifyHeader` (lambdas/lib/origin-check.ts). */
  readonly originVerify?: ISecret;
}

export class AppFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;
  readonly def: FunctionDef;
  /** The function's name in the manifest (`functions` of shared/deployment/manifest.ts), e.g. `demoRequests`. */
  readonly name: FunctionName;
  /**
   * Its name in AWS (`fn.functionName`), `agency-<stage>-<name>`: fixed, so alarms and the guide can name it without
   * a cross-stack reference.
   */
  readonly physicalName: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { stage, name, resources } = props;
    const def: FunctionDef = functions[name];
    this.def = def;
    this.name = name;
    const physicalName = resourceName(stage.name, name);
    this.physicalName = physicalName;

    this.logGroup = stageLogGroup(this, 'Logs', stage, { logGroupName: `/aws/lambda/${physicalName}` });

    // An explicit role instead of AWSLambdaBasicExecutionRole: that managed policy may write to every log group.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${physicalName}: ${def.description}`.slice(0, 1000),
    });
    this.logGroup.grantWrite(this.role);

    const plainSettings = Object.fromEntries(
      Object.entries(props.settings).filter(([k]) => secretOf(k as SettingName) === undefined),
    ) as Partial<Record<SettingName, string>>;

    const environment: Record<string, string> = {
      ...functionEnvironment(stage.name, name, plainSettings, {
        table: (t) => resources.tables[t].tableName,
        bucket: (b) => resources.buckets[b].bucketName,
        userPool: () => {
          if (!resources.userPool) throw new Error(`The ${name} function reads the user pool, but none was passed to it.`);
          return resources.userPool.userPoolId;
        },
      }),
      POWERTOOLS_SERVICE_NAME: name,
      LOG_LEVEL: 'INFO',
      ...(stage.sourceMapStackTraces ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
    };
    for (const secret of def.secrets) environment[secretArnEnvName(secret)] = resources.secrets[secret].secretArn;
    if (props.originVerify) environment[originVerifySecretArnEnv] = props.originVerify.secretArn;

    this.fn = new LambdaFunction(this, 'Function', {
      functionName: physicalName,
      description: def.description.slice(0, 256),
      code: functionCode(def.entry),
      handler: bundledHandler,
      runtime: lambdaRuntime,
      architecture: lambdaArchitecture,
      memorySize: def.memoryMb,
      timeout: Duration.seconds(def.timeoutSeconds),
      environment,
      role: this.role,
      logGroup: this.logGroup,
      tracing: Tracing.ACTIVE,
      ...(props.asyncFailures ? { onFailure: new SqsDestination(props.asyncFailures), retryAttempts: props.asyncRetries ?? 0 } : {}),
    });

    this.grant(stage, def, resources);
    props.originVerify?.grantRead(this.role);

    acknowledge(this, [
      ...reasons.iam5Tracing,
      ...reasons.lambdaRuntime,
      ...reasons.lambdaOutsideVpc,
      ...(props.asyncFailures ? reasons.lambdaAsyncDestination : reasons.lambdaSyncDlq),
    ]);
  }

  /**
   * Grants exactly what the FunctionDef declares. ARNs are spelled out from the fixed physical names (not taken
   * from the other stack's tokens), so a policy reads as what it allows and names each index rather than
   * `index/*`.
   */
  private grant(stage: StageConfig, def: FunctionDef, resources: FunctionResources): void {
    const stack = Stack.of(this);
    const allow = (actions: string[], arns: string[]) =>
      this.role.addToPrincipalPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions, resources: arns }));

    // Down to the action (shared/deployment/manifest/table-access.ts): the table's own ARN gets the actions the
    // definition lists, each index it queries gets Query alone, and an index it does not name gets nothing.
    for (const [table, access] of Object.entries(def.tables) as [TableName, TableAccess][]) {
      const arn = tableArn(stack, stage, table);
      const actions = tableActions(access);
      if (actions.length > 0) allow(actions.map((a) => `dynamodb:${a}`), [arn]);
      if (access.indexes?.length) allow(['dynamodb:Query'], access.indexes.map((i) => `${arn}/index/${i}`));
    }

    for (const [bucket, access] of Object.entries(def.buckets) as [BucketName, FunctionDef['buckets'][BucketName]][]) {
      if (!access) continue;
      const add = (actions: string[], prefixes: readonly string[] | undefined) => {
        if (!prefixes || prefixes.length === 0) return;
        const arns = prefixes.map((p) => `${bucketArn(stack, stage, bucket)}/${p}*`);
        allow(actions, arns);
        acknowledge(
          this,
          arns.map((arn, i) => ({
            id: `AwsSolutions-IAM5[Resource::${arn}]`,
            reason: `${actions.join(', ')} limited to the ${prefixes[i]} prefix of the ${bucket} bucket, as its FunctionDef declares; object keys are generated per upload, so the key part must be a wildcard.`,
          })),
        );
      };
      add(['s3:GetObject'], access.read);
      // Without ListBucket, S3 answers 403 instead of 404 for a key that does not exist, and a visitor's unknown
      // upload key would look like a permission failure (a 500) instead of a missing file (a 4xx). Listing is
      // limited to the prefixes the function reads (the s3:prefix condition), so it cannot enumerate the rest.
      const listed = listPrefixes(access.read);
      if (listed.length > 0) {
        this.role.addToPrincipalPolicy(
          new PolicyStatement({
            effect: Effect.ALLOW,
            actions: ['s3:ListBucket'],
            resources: [bucketArn(stack, stage, bucket)],
            conditions: { StringLike: { 's3:prefix': listed } },
          }),
        );
      }
      add(['s3:PutObject'], access.write);
      add(['s3:DeleteObject'], access.remove);
    }

    // The user pool: reading accounts (ListUsers), and for an erasure signing one out everywhere and deleting it;
    // nothing else of Cognito.
    if (def.userPool && resources.userPool) {
      allow(def.userPool === 'findAndDelete' ? ['cognito-idp:ListUsers', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'] : ['cognito-idp:ListUsers'], [resources.userPool.userPoolArn]);
    }

    if (def.sendsMail) {
      allow(['ses:SendEmail', 'ses:SendRawEmail'], [resources.mail.identityArn, resources.mail.configurationSetArn]);
    }

    // Only the secrets the definition declares: a function signing webhooks cannot read the Stripe keys.
    for (const secret of def.secrets) resources.secrets[secret].grantRead(this.role);

    // Asynchronous hand-offs (shared/deployment/manifest.ts `asyncInvocations`): exactly the named functions, by their fixed
    // physical names, without versions or aliases.
    const targets = invokableBy(this.name);
    if (targets.length > 0) {
      allow(
        ['lambda:InvokeFunction'],
        targets.map((target) =>
          stack.formatArn({ service: 'lambda', resource: 'function', resourceName: resourceName(stage.name, target), arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
        ),
      );
    }
  }
}

/**
 * The function's bundle as an asset, built locally by infra/bundle-function.ts (never in Docker: the image is only
 * named because the CDK requires one). The asset hash is the bundle's own, so an unchanged bundle is not uploaded
 * again and any change that reaches the bundle (code, dependencies, build options) is.
 */
export function functionCode(entry: string): Code {
  return Code.fromAsset(join(repoRoot, 'lambdas'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
      // The entry is part of the bundling options (not only of the closure below) because the CDK caches staged
      // assets by their options: without it every function would get the first function's bundle.
      environment: { FUNCTION_ENTRY: entry },
      local: {
        tryBundle(outputDir, options) {
          const fnEntry = options.environment?.FUNCTION_ENTRY ?? entry;
          const run = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'infra/bundle-function.ts'), fnEntry, outputDir], {
            cwd: repoRoot,
            stdio: ['ignore', 'inherit', 'inherit'],
          });
          if (run.status !== 0) throw new Error(`bundling ${fnEntry} failed (exit ${run.status ?? run.signal})`);
          return true;
        },
      },
    },
  });
}

/** The s3:prefix values a ListBucket grant allows for the prefixes a function reads (`incoming/` -> `incoming/*`). */
function listPrefixes(read: readonly string[] | undefined): string[] {
  return (read ?? []).map((p) => `${p}*`);
}

/** The CloudFormation logical id of a construct's resource, as cdk-nag prints it in finding ids. */
export function logicalId(construct: Construct): string {
  const resource = construct.node.defaultChild as CfnResource;
  return Stack.of(resource).getLogicalId(resource);
}
