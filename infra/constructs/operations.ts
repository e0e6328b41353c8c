/**
 * Operations: one SNS topic per stage (encrypted, TLS only) with the operator's e-mail subscribed, and the alarms
 * that publish to it: errors and throttles of every function, API 5xx answers, deliveries given up, and anything
 * parked in the schedule's dead-letter queue. Missing data counts as fine: a quiet site is not an incident.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { resourceName } from '@shared/deployment/manifest';
import type { StageConfig } from '../stages';
import type { AppFunction } from './app-function';
import { acknowledge, guardAck } from '../lib/nag';

/** The ARNs of every alarm of a stage: `alarm` names each one `agency-<stage>-<id>` (every stage is in us-east-1, partition aws). */
export function alarmArnPattern(stage: StageConfig): string {
  return `arn:aws:cloudwatch:${stage.region}:${stage.account}:alarm:${resourceName(stage.name, '')}*`;
}

export class Operations extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  private readonly action: SnsAction;
  private readonly stageName: string;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    const { stage } = props;
    this.stageName = stage.name;
    // CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, hence a key of our own.
    const key = new Key(this, 'TopicKey', {
      description: `Encrypts the ${stage.name} alarm topic`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    acknowledge(key, [
      guardAck(
        'kms_create_grant_aws_service_check',
        "The key policy is CDK's default one: the account itself administers the key (IAM then decides who may, and no role of the app is given kms:CreateGrant), plus CloudWatch's use of it to publish alarms. Nothing outside the account is named.",
      ),
    ]);
    this.topic = new Topic(this, 'Alarms', {
      topicName: resourceName(stage.name, 'alarms'),
      displayName: `Agency site ${stage.name} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // `enforceSSL` makes CDK write a topic policy, and a topic policy replaces SNS's default one: without this Allow
    // nothing may publish, and every alarm would fail with "not authorized to perform: SNS:Publish". Limited to
    // CloudWatch acting for this account's alarms of this stage (all named `agency-<stage>-...`, see `alarm`).
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'StageAlarmsPublish',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stage.account },
          ArnLike: { 'aws:SourceArn': alarmArnPattern(stage) },
        },
      }),
    );
    this.topic.addSubscription(new EmailSubscription(stage.alarmEmail));
    this.action = new SnsAction(this.topic);
    acknowledge(this.topic, [
      {
        id: 'Serverless-SNSRedrivePolicy',
        reason: 'The only subscription is an e-mail address; SNS redrive policies apply to queue and function subscribers that can fail to process a message.',
      },
    ]);
  }

  /** An alarm that fires when the metric reaches `threshold` in one period. */
  alarm(id: string, metric: IMetric, description: string, threshold = 1): Alarm {
    const alarm = new Alarm(this, id, {
      alarmName: `${resourceName(this.stageName, id)}`,
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }

  /** Errors and throttles of each function (by its fixed name, so the triggers in the stateful stack need no export). */
  watchFunctions(fns: readonly AppFunction[]): void {
    const metric = (f: AppFunction, metricName: string) =>
      new Metric({
        namespace: 'AWS/Lambda',
        metricName,
        dimensionsMap: { FunctionName: f.physicalName },
        statistic: 'Sum',
        period: Duration.minutes(5),
      });
    for (const f of fns) {
      this.alarm(`${f.name}-errors`, metric(f, 'Errors'), `${f.name} failed (errors or timeouts) in the last 5 minutes. Logs: /aws/lambda/${f.physicalName}`);
      this.alarm(`${f.name}-throttles`, metric(f, 'Throttles'), `${f.name} was throttled (account concurrency exhausted) in the last 5 minutes.`);
    }
  }
}
