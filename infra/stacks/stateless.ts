/**
 * Stateless stack: everything that can be deleted and deployed again without losing anything. The functions,
 * the API's routes, authorizer and stage, the retry schedule, the site's files and `/config.json`, and the
 * alarms. Depends on the edge stack (addresses) and the stateful stack (data, pool, secret, mail).
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { deployedRoutes, writesTable, type FunctionName } from '@shared/deployment/manifest';
import { Api } from '../constructs/api';
import type { AppFunction } from '../constructs/app-function';
import { Deliveries } from '../constructs/deliveries';
import { Operations } from '../constructs/operations';
import { SiteContent } from '../constructs/site-content';
import { stageSettings, type StageConfig } from '../stages';
import type { EdgeStack } from './edge';
import type { StatefulStack } from './stateful';

/** The bounce and complaint rates at which AWS reviews an SES account (its documented thresholds). */
export const sesReviewRates = { bounce: 0.05, complaint: 0.001 } as const;

export interface StatelessStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly edge: EdgeStack;
  readonly stateful: StatefulStack;
  readonly webDist: string;
}

/** Functions that write submissions run the delivery engine (store first, then deliver and record the outcome). */
function runsDeliveryEngine(name: FunctionName): boolean {
  return writesTable(name, 'submissions');
}

export class StatelessStack extends Stack {
  readonly api: Api;
  readonly deliveries: Deliveries;
  readonly operations: Operations;
  readonly content: SiteContent;
  /** Every function of the stage, the pool's triggers (stateful stack) included. */
  readonly allFunctions: AppFunction[];

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { stage, edge, stateful } = props;
    const settings = stageSettings(stage, edge.site.origin);

    this.operations = new Operations(this, 'Operations', { stage });
    this.api = new Api(this, 'Api', {
      stage,
      endpoint: edge.endpoint.api,
      settings,
      resources: stateful.resources,
      userPool: stateful.accounts.pool,
      userPoolClient: stateful.accounts.client,
      originVerify: edge.originVerify,
    });
    this.deliveries = new Deliveries(this, 'Deliveries', { stage, settings, resources: stateful.resources });
    this.content = new SiteContent(this, 'SiteContent', {
      stage,
      distribution: edge.site.distribution,
      webDist: props.webDist,
      userPoolId: stateful.accounts.pool.userPoolId,
      userPoolClientId: stateful.accounts.client.userPoolClientId,
      siteOrigin: edge.site.origin,
    });

    const own = [...Object.values(this.api.functions), ...Object.values(this.deliveries.functions)].filter(
      (f): f is AppFunction => f !== undefined,
    );
    this.allFunctions = [...own, ...stateful.accounts.triggers];
    this.deliveries.watchEngine(own.filter((f) => runsDeliveryEngine(f.name)));

    this.operations.watchFunctions(this.allFunctions);
    this.operations.alarm('api-5xx', this.api.serverErrors, 'The API answered 5xx (a handler crashed or timed out) in the last 5 minutes. See the API access logs.');
    this.operations.alarm(
      'deliveries-failed',
      this.deliveries.failed,
      'A demo request, contact message or idea delivery (mail or webhook) was given up after its last retry. Search the function logs for "delivery failed".',
    );
    this.operations.alarm(
      'leads-overdue',
      this.deliveries.overdueLeads,
      `More than ${stage.overdueLeadsAlarm} leads went 24 hours without an answer within a day (the 24-hour watch's overdue notices). Open the staff console's overview.`,
      stage.overdueLeadsAlarm + 1,
    );
    this.operations.alarm(
      'visitor-mail-capped',
      this.deliveries.cappedVisitorMail,
      `A mail to a visitor (the confirmation) was skipped at one of the stage's caps (mail.visitorCaps) in the last hour: a wave of form submissions, perhaps a bot using strangers' addresses. The submissions still reached staff. Search the function logs for "visitor mail capped".`,
    );
    // The rates at which AWS reviews an SES account (and may pause its sending): bounces 5 %, complaints 0.1 %.
    this.operations.alarm(
      'ses-bounce-rate',
      new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', statistic: 'Maximum', period: Duration.hours(1) }),
      'The SES account\'s bounce rate reached 5 %, where AWS reviews the account (and may pause its sending). Bouncing addresses are suppressed for visitor mail; look for a wave of made-up addresses in the forms.',
      sesReviewRates.bounce,
    );
    this.operations.alarm(
      'ses-complaint-rate',
      new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', statistic: 'Maximum', period: Duration.hours(1) }),
      'The SES account\'s complaint rate reached 0.1 %, where AWS reviews the account (and may pause its sending). Complaining addresses are suppressed for visitor mail; look for strangers\' addresses in the forms.',
      sesReviewRates.complaint,
    );
    this.operations.alarm(
      'schedule-dead-letters',
      this.deliveries.deadLetters.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum' }),
      'The delivery retry schedule could not run, or a mail feedback event (SES bounce or complaint) was not recorded (messages in the dead-letter queue).',
    );
    this.operations.alarm(
      'hand-off-failures',
      this.deliveries.handOffFailures.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum' }),
      'The submissionDelivery function failed for a stored submission three times (messages in its on-failure queue). The retry job still delivers it; see the function logs for why.',
    );

    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${edge.site.origin}${deployedRoutes.stripeWebhook.path}`,
      description: 'Register this endpoint in Stripe (event checkout.session.completed)',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.operations.topic.topicArn });
  }
}
