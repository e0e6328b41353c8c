/**
 * The policy checks every synth runs, and the findings we accept, each with its reason:
 *
 * - cdk-nag (AwsSolutions and Serverless packs);
 * - AWS's CloudFormation Guard rules of the Control Tower proactive controls (`@cdklabs/cdk-validator-cfnguard`,
 *   whose bundled cfn-guard binary runs offline), on the synthesized templates.
 *
 * Both run as CDK validation plugins (`Validations.of(app).addPlugins`): an unacknowledged finding fails `cdk
 * synth`. Acknowledgements are recorded on the construct that causes them (never app-wide), so a new resource of
 * the same kind is checked afresh. Everything fixable is fixed in the constructs; what is left is a product
 * decision or a limit of the service, and the reason says which. A Guard finding is acknowledged as
 * `cdk-validator-cfnguard::<rule name>` (`guardAck`).
 */
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export interface Acknowledgement {
  readonly id: string;
  readonly reason: string;
}

export function nagPacks(app: App) {
  return [new AwsSolutionsChecks(app), new ServerlessChecks(app)];
}

/** The Guard plugin: every Control Tower proactive control bundled with the plugin. */
export function guardValidator(): CfnGuardValidator {
  // Reports for both stages' templates exceed Node's default 1 MB output buffer.
  return new CfnGuardValidator({ maxBuffer: 64 * 1024 * 1024 });
}

/** The plugin name Guard findings are acknowledged under. */
export const guardNamespace = 'cdk-validator-cfnguard';

export function addPolicyChecks(app: App): void {
  Validations.of(app).addPlugins(...nagPacks(app), guardValidator());
}

export function acknowledge(scope: IConstruct, acks: readonly Acknowledgement[]): void {
  if (acks.length > 0) Validations.of(scope).acknowledge(...acks);
}

/** A Guard rule (its name, e.g. `lambda_inside_vpc_check`) acknowledged with its reason. */
export function guardAck(rule: string, reason: string): Acknowledgement {
  return { id: `${guardNamespace}::${rule}`, reason };
}

/** Rule ids for both packs that flag the same thing. */
function both(awsSolutions: string, serverless: string, reason: string): Acknowledgement[] {
  return [
    { id: `AwsSolutions-${awsSolutions}`, reason },
    { id: `Serverless-${serverless}`, reason },
  ];
}

export const reasons = {
  lambdaRuntime: both(
    'L1',
    'LambdaLatestVersion',
    'The product fixes the Lambda runtime at nodejs22.x (issues 2 and 8), which AWS supports until 2027; the bundles target node22. Moving to nodejs24.x is one line in infra/lib/bundling.ts once the team upgrades.',
  ),
  lambdaSyncDlq: [
    {
      id: 'Serverless-LambdaDLQ',
      reason: 'Invoked synchronously (API Gateway or Cognito): the caller receives the error and no event is lost, so a dead-letter queue would never receive anything.',
    },
  ],
  lambdaAsyncDestination: [
    {
      id: 'Serverless-LambdaDLQ',
      reason: 'Failed asynchronous invocations go to an SQS on-failure destination (Lambda destinations supersede dead-letter queues and also carry the error).',
    },
  ],
  lambdaOutsideVpc: [
    guardAck(
      'lambda_inside_vpc_check',
      'Reaches only AWS service endpoints (DynamoDB, S3, SES, Secrets Manager, Lambda) and the configured webhooks over TLS, under IAM: there is no private network to reach. A VPC would add a NAT gateway or five interface endpoints (about 32 USD a month and up per stage) and cold-start latency for no protection.',
    ),
  ],
  iam5Tracing: [
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level permissions.',
    },
  ],
} satisfies Record<string, Acknowledgement[]>;
