/**
 * A function CloudFormation runs during a deploy, behind a custom resource (infra/deploy-time/): seeding the
 * stage's secrets, pruning the site's old releases. Built like every app function (the same esbuild bundle, arm64,
 * the app's runtime), with its own role, which the caller grants exactly what the job needs, and its own log group
 * with the stage's retention. It is not part of the product's API and has no FunctionDef: visitors never reach it.
 */
import { Duration } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages';
import { bundledHandler, lambdaArchitecture, lambdaRuntime } from '../lib/bundling';
import { acknowledge, reasons } from '../lib/nag';
import { stageLogGroup } from '../lib/log-group';
import { functionCode } from './app-function';

export interface DeployTimeFunctionProps {
  readonly stage: StageConfig;
  /** Handler module relative to the repository (infra/deploy-time/...), exporting `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly timeout?: Duration;
  readonly memoryMb?: number;
}

export class DeployTimeFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: DeployTimeFunctionProps) {
    super(scope, id);
    this.logGroup = stageLogGroup(this, 'Logs', props.stage);
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: props.description.slice(0, 1000) });
    this.logGroup.grantWrite(this.role);
    this.fn = new LambdaFunction(this, 'Function', {
      description: props.description.slice(0, 256),
      code: functionCode(props.entry),
      handler: bundledHandler,
      runtime: lambdaRuntime,
      architecture: lambdaArchitecture,
      memorySize: props.memoryMb ?? 256,
      timeout: props.timeout ?? Duration.minutes(2),
      role: this.role,
      logGroup: this.logGroup,
    });
    acknowledge(this, [
      ...reasons.lambdaRuntime,
      ...reasons.lambdaOutsideVpc,
      {
        id: 'Serverless-LambdaDLQ',
        reason: 'Invoked by CloudFormation for a custom resource; it always answers at the response URL (FAILED on any error), so a failure rolls the deploy back instead of waiting in a queue.',
      },
      {
        id: 'Serverless-LambdaTracing',
        reason: 'Runs once per deploy behind a custom resource, never on a visitor request; its log group records every run.',
      },
    ]);
  }
}
