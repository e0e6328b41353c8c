/**
 * Operations: one SNS topic per stage (encrypted, TLS only) with the operator's e-mail subscribed, and the alarms
 * that publish to it: errors and throttles of every function, API 5xx answers, deliveries given up, and anything
 * parked in the schedule's dead-letter queue. Missing data counts as fine: a quiet site is not an incident.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { resourceName } from '@shared/deployment/manifest';
import type { StageConfig } from '../stages';
import type { AppFunction } from './app-function';
import { acknowledge } from '../lib/nag';

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
    this.topic = new Topic(this, 'Alarms', {
      topicName: resourceName(stage.name, 'alarms'),
      displayName: `Agency site ${stage.name} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
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
