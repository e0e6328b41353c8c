/**
 * Nothing lost: the delivery function a stored submission is handed to (shared/deployment/manifest.ts
 * `asyncInvocations`), the scheduled retry of pending deliveries (`schedules`) and the measure of deliveries that
 * finally failed.
 *
 * The delivery engine logs `{"message":"delivery failed", ..., "final": true}` (Powertools JSON) when it gives a
 * delivery up. A metric filter on the log group of every function that runs the engine (the ones writing
 * `submissions`) turns those lines into the `deliveryFailed` metric that the Operations alarm watches, so a lost
 * mail or webhook call pages someone instead of only sitting in a log. The same way, each overdue notice of the
 * 24-hour watch sent (`delivery sent` of target `reminder:24h`) counts into `leadsOverdue`.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption, RedrivePermission } from 'aws-cdk-lib/aws-sqs';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { appName, asyncInvocations, resourceName, schedules, type FunctionName } from '@shared/deployment/manifest';
import type { SettingName } from '@shared/deployment/settings';
import type { StageConfig } from '../stages';
import { AppFunction, logicalId, type FunctionResources } from './app-function';
import { acknowledge } from '../lib/nag';
import { OVERDUE_TARGET } from '../../lambdas/domain/submissions/answer-watch';
import { MailFeedback } from './mail-feedback';

const failedDeliveryPattern = FilterPattern.all(
  FilterPattern.stringValue('$.message', '=', 'delivery failed'),
  FilterPattern.booleanValue('$.final', true),
);
/** A mail to a visitor skipped at one of the stage's caps (lambdas/domain/submissions/engine.ts logs it). */
const cappedVisitorMailPattern = FilterPattern.stringValue('$.message', '=', 'visitor mail capped');
/** The 24-hour watch's overdue notice went out: a lead had no answer 24 hours after it arrived. */
const overdueLeadPattern = FilterPattern.all(
  FilterPattern.stringValue('$.message', '=', 'delivery sent'),
  FilterPattern.stringValue('$.delivery', '=', OVERDUE_TARGET),
);

export interface DeliveriesProps {
  readonly stage: StageConfig;
  readonly settings: Partial<Record<SettingName, string>>;
  readonly resources: FunctionResources;
}

export class Deliveries extends Construct {
  readonly functions: Partial<Record<FunctionName, AppFunction>> = {};
  readonly deadLetters: Queue;
  /** Hand-offs whose delivery function failed three times (Lambda's two retries): the retry job still has them. */
  readonly handOffFailures: Queue;
  readonly failed: Metric;
  /** Leads that went 24 hours without an answer (the watch's overdue notices sent), per day. */
  readonly overdueLeads: Metric;
  /** Mails to visitors skipped at one of the stage's caps, per hour. */
  readonly cappedVisitorMail: Metric;
  /** SES's bounce and complaint events, to the mailFeedback function. */
  readonly mailFeedback: MailFeedback;
  readonly schedules: Schedule[] = [];

  constructor(scope: Construct, id: string, props: DeliveriesProps) {
    super(scope, id);
    const { stage } = props;
    const namespace = `${appName}/${stage.name}`;

    // Scheduler invocations that could not run (and async invocations that failed) end up here, alarmed on.
    this.deadLetters = new Queue(this, 'DeadLetters', {
      queueName: resourceName(stage.name, 'schedule-dead-letters'),
      // SQS's default, stated so the queue reads as what it is: a dead-letter queue (Control Tower's CT.SQS.PR.1).
      redriveAllowPolicy: { redrivePermission: RedrivePermission.ALLOW_ALL },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      // What it holds is work that never ran: kept with a protected stage's data, whatever happens to this stack.
      removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(this.deadLetters, [
      { id: 'AwsSolutions-SQS3', reason: 'This queue is itself the dead-letter queue of the retry schedule.' },
      { id: 'Serverless-SQSRedrivePolicy', reason: 'This queue is itself the dead-letter queue of the retry schedule.' },
    ]);

    this.handOffFailures = new Queue(this, 'HandOffFailures', {
      queueName: resourceName(stage.name, 'hand-off-failures'),
      // SQS's default, stated so the queue reads as what it is: a dead-letter queue (Control Tower's CT.SQS.PR.1).
      redriveAllowPolicy: { redrivePermission: RedrivePermission.ALLOW_ALL },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(this.handOffFailures, [
      { id: 'AwsSolutions-SQS3', reason: 'This queue is itself the on-failure destination of the asynchronously invoked delivery functions.' },
      { id: 'Serverless-SQSRedrivePolicy', reason: 'This queue is itself the on-failure destination of the asynchronously invoked delivery functions.' },
    ]);
    for (const fnName of Object.keys(asyncInvocations) as FunctionName[]) {
      this.functions[fnName] = new AppFunction(this, fnName, {
        stage,
        name: fnName,
        settings: props.settings,
        resources: props.resources,
        // Lambda's default two retries: the function takes the lease only from the stored version, so a retry
        // after a half-done run does nothing and the retry job finishes it; the event is then parked here.
        asyncFailures: this.handOffFailures,
        asyncRetries: 2,
      });
    }

    for (const [name, schedule] of Object.entries(schedules)) {
      const fnName = schedule.fn as FunctionName;
      const fn = new AppFunction(this, fnName, {
        stage,
        name: fnName,
        settings: props.settings,
        resources: props.resources,
        // A failed run is not retried by Lambda (the next scheduled run retries anyway); it is parked for a look.
        asyncFailures: this.deadLetters,
      });
      this.functions[fnName] = fn;
      const role = new Role(this, `${name}SchedulerRole`, {
        assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': stage.account } },
        }),
        description: `EventBridge Scheduler: invokes ${resourceName(stage.name, fnName)}`,
      });
      acknowledge(role, [
        {
          id: `AwsSolutions-IAM5[Resource::<${logicalId(fn.fn)}.Arn>:*]`,
          reason: `lambda:InvokeFunction on ${fnName} only; the :* suffix covers its versions and aliases, added by the scheduler target.`,
        },
      ]);
      this.schedules.push(
        new Schedule(this, `${name}Schedule`, {
          scheduleName: resourceName(stage.name, name),
          description: `Runs ${fnName} every ${schedule.everyMinutes} minute(s)`,
          schedule: ScheduleExpression.rate(Duration.minutes(schedule.everyMinutes)),
          target: new LambdaInvoke(fn.fn, {
            role,
            deadLetterQueue: this.deadLetters,
            retryAttempts: 0,
            maxEventAge: Duration.minutes(Math.max(1, schedule.everyMinutes)),
          }),
        }),
      );
    }

    this.failed = new Metric({
      namespace,
      metricName: 'deliveryFailed',
      statistic: 'Sum',
      period: Duration.minutes(5),
    });
    this.overdueLeads = new Metric({ namespace, metricName: 'leadsOverdue', statistic: 'Sum', period: Duration.days(1) });
    this.cappedVisitorMail = new Metric({ namespace, metricName: 'visitorMailCapped', statistic: 'Sum', period: Duration.hours(1) });

    // A lost feedback event would leave an address unsuppressed: parked with the other work that never ran.
    this.mailFeedback = new MailFeedback(this, 'MailFeedback', { stage, settings: props.settings, resources: props.resources, asyncFailures: this.deadLetters });
    this.functions[this.mailFeedback.fn.name] = this.mailFeedback.fn;
  }

  /**
   * Counts final delivery failures logged by these functions (the ones running the delivery engine) into the
   * `deliveryFailed` metric, and the 24-hour watch's overdue notices into `leadsOverdue`.
   */
  watchEngine(fns: readonly AppFunction[]): void {
    for (const fn of fns) {
      for (const [suffix, filterPattern, metric] of [
        ['Failed', failedDeliveryPattern, this.failed],
        ['Overdue', overdueLeadPattern, this.overdueLeads],
        ['Capped', cappedVisitorMailPattern, this.cappedVisitorMail],
      ] as const) {
        new MetricFilter(this, `${fn.name}${suffix}`, {
          logGroup: fn.logGroup,
          filterPattern,
          metricNamespace: metric.namespace,
          metricName: metric.metricName,
          metricValue: '1',
        });
      }
    }
  }
}
