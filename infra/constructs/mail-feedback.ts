/**
 * SES's bounce and complaint events reach the mailFeedback function (shared/deployment/manifest `mailEvents`): the
 * stage's configuration set (stateful stack, fixed name) gets an event destination publishing them to an SNS topic
 * (encrypted, TLS only, SES of this account and configuration set alone may publish), and the function is
 * subscribed to it. A permanently bouncing or complaining address then gets no further mail to visitors
 * (lambdas/domain/submissions/mail-feedback.ts). An event SNS cannot hand over, or an invocation that fails twice
 * more, goes to `asyncFailures`.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { CfnConfigurationSetEventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { mailEvents, resourceName } from '@shared/deployment/manifest';
import type { SettingName } from '@shared/deployment/settings';
import type { StageConfig } from '../stages';
import { AppFunction, type FunctionResources } from './app-function';
import { acknowledge, guardAck } from '../lib/nag';

export interface MailFeedbackProps {
  readonly stage: StageConfig;
  readonly settings: Partial<Record<SettingName, string>>;
  readonly resources: FunctionResources;
  readonly asyncFailures: IQueue;
}

export class MailFeedback extends Construct {
  readonly fn: AppFunction;
  readonly topic: Topic;
  readonly destination: CfnConfigurationSetEventDestination;

  constructor(scope: Construct, id: string, props: MailFeedbackProps) {
    super(scope, id);
    const { stage } = props;
    this.fn = new AppFunction(this, mailEvents.fn, {
      stage,
      name: mailEvents.fn,
      settings: props.settings,
      resources: props.resources,
      asyncFailures: props.asyncFailures,
      asyncRetries: 2,
    });

    const configurationSetName = resourceName(stage.name, 'mail');
    const configurationSetArn = Stack.of(this).formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSetName });
    // SES cannot publish to a topic encrypted with the AWS-managed SNS key, hence a key of our own.
    const key = new Key(this, 'TopicKey', {
      description: `Encrypts the ${stage.name} mail feedback topic (SES bounce and complaint events)`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.grant(new ServicePrincipal('ses.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    acknowledge(key, [
      guardAck(
        'kms_create_grant_aws_service_check',
        "The key policy is CDK's default one: the account itself administers the key (IAM then decides who may, and no role of the app is given kms:CreateGrant), plus SES's use of it to publish events. Nothing outside the account is named.",
      ),
    ]);
    this.topic = new Topic(this, 'Topic', {
      topicName: resourceName(stage.name, 'mail-feedback'),
      displayName: `Agency site ${stage.name}: SES bounces and complaints`,
      masterKey: key,
      enforceSSL: true,
    });
    // `enforceSSL` writes a topic policy, which replaces SNS's default: SES publishes only for this configuration set.
    const publish = this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'SesEventsPublish',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('ses.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': stage.account, 'aws:SourceArn': configurationSetArn } },
      }),
    );
    // What SNS cannot hand to the function (Lambda unreachable) is parked in the same alarmed queue.
    this.topic.addSubscription(new LambdaSubscription(this.fn.fn, { deadLetterQueue: props.asyncFailures }));

    this.destination = new CfnConfigurationSetEventDestination(this, 'EventDestination', {
      configurationSetName,
      eventDestination: {
        name: 'visitor-mail-feedback',
        enabled: true,
        matchingEventTypes: mailEvents.events.map((e) => e.toUpperCase()),
        snsDestination: { topicArn: this.topic.topicArn },
      },
    });
    // SES checks that it may publish when the destination is created.
    if (publish.policyDependable) this.destination.node.addDependency(publish.policyDependable);
  }
}
