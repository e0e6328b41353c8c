/**
 * Every log group of the app: the stage's retention, kept when a stage that protects its data loses its stack (the
 * logs are the record of what happened to leads and purchases, and the first thing an incident review reads; see
 * the recovery guide, docs/recovery.md), deleted with it elsewhere, and the Guard findings it raises acknowledged
 * here, once, with their reasons.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stages';
import { acknowledge, guardAck } from './nag';

export function stageLogGroup(scope: Construct, id: string, stage: StageConfig, props: { logGroupName?: string } = {}): LogGroup {
  const group = new LogGroup(scope, id, {
    ...props,
    retention: stage.logRetention,
    // A disposable stage's logs only cost money once what wrote them is gone.
    removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  acknowledge(group, [
    guardAck(
      'cloudwatch_log_group_encrypted_check',
      'CloudWatch Logs encrypts every log group at rest with its own key. The logs carry ids, outcomes and errors, never a secret (secrets are read from Secrets Manager and not logged); a customer-managed key per stage would cost 1 USD a month and a key policy to keep in step, for no data it would protect better.',
    ),
    ...(stage.logRetention < RetentionDays.ONE_YEAR
      ? [
          guardAck(
            'cloudwatch_log_group_retention_period_check',
            `Stage ${stage.name} keeps logs ${stage.logRetention} days, the operator's setting (StageConfig.logRetention): ${stage.protectData ? 'long enough to investigate an incident, shorter than a year to limit what is kept' : 'a disposable stage for testing, whose logs matter only while a change is being tried'}.`,
          ),
        ]
      : []),
  ]);
  return group;
}
