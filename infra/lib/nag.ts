/**
 * cdk-nag (AwsSolutions and Serverless packs) on every stack, and the findings we accept, each with its reason.
 *
 * cdk-nag 3 runs as a CDK validation plugin: an unacknowledged finding fails `cdk synth`. Acknowledgements are
 * recorded on the construct that causes them (never app-wide), so a new resource of the same kind is checked
 * afresh. Everything fixable is fixed in the constructs; what is left here is a product decision or a limit of
 * the service, and the reason says which.
 */
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

interface Acknowledgement {
  readonly id: string;
  readonly reason: string;
}

export function nagPacks(app: App) {
  return [new AwsSolutionsChecks(app), new ServerlessChecks(app)];
}

export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(...nagPacks(app));
}

export function acknowledge(scope: IConstruct, acks: readonly Acknowledgement[]): void {
  if (acks.length > 0) Validations.of(scope).acknowledge(...acks);
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
  iam5Tracing: [
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level permissions.',
    },
  ],
} satisfies Record<string, Acknowledgement[]>;
