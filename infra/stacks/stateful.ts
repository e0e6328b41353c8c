/**
 * Stateful stack: what must survive a mistake. Tables, the upload bucket, the user pool (with its three triggers,
 * which the pool has to name), the SES identity and configuration set, and the stage's secrets. In stages with
 * `protectData` (prod) tables have point-in-time recovery and deletion protection and everything is retained.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AccessLogs } from '../constructs/access-logs';
import { Accounts } from '../constructs/accounts';
import { AppSecret, secretKeys } from '../constructs/app-secret';
import type { FunctionResources } from '../constructs/app-function';
import { Data } from '../constructs/data';
import { Mail } from '../constructs/mail';
import { Uploads } from '../constructs/uploads';
import { stageSettings, type StageConfig } from '../stages';

export interface StatefulStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly siteOrigin: string;
}

export class StatefulStack extends Stack {
  readonly data: Data;
  readonly uploads: Uploads;
  readonly mail: Mail;
  readonly secret: AppSecret;
  readonly accounts: Accounts;
  readonly resources: FunctionResources;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { stage, siteOrigin } = props;
    const logs = new AccessLogs(this, 'AccessLogs', { stage });
    this.data = new Data(this, 'Data', { stage });
    this.uploads = new Uploads(this, 'Uploads', { stage, siteOrigin, accessLogs: logs.bucket });
    this.mail = new Mail(this, 'Mail', { stage });
    this.secret = new AppSecret(this, 'AppSecret', { stage });
    const resources: FunctionResources = {
      tables: this.data.tables,
      buckets: this.uploads.buckets,
      secrets: this.secret.secrets,
      mail: { identityArn: this.mail.identityArn, configurationSetArn: this.mail.configurationSetArn },
    };
    this.accounts = new Accounts(this, 'Accounts', {
      stage,
      settings: stageSettings(stage, siteOrigin),
      resources,
      mail: this.mail,
    });
    // The pool's own triggers cannot name it (it would depend on itself); the staff functions read it.
    this.resources = { ...resources, userPool: this.accounts.pool };

    new CfnOutput(this, 'UserPoolId', { value: this.accounts.pool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.accounts.client.userPoolClientId });
    new CfnOutput(this, 'StripeSecretName', {
      value: this.secret.secrets.stripe.secretName,
      description: `JSON keys: ${secretKeys.stripe.join(', ')}`,
    });
    new CfnOutput(this, 'WebhookSigningSecretName', {
      value: this.secret.secrets.webhookSigning.secretName,
      description: `JSON keys: ${secretKeys.webhookSigning.join(', ')}`,
    });
    new CfnOutput(this, 'UploadsBucket', { value: this.uploads.buckets.uploads.bucketName });
    new CfnOutput(this, 'MailIdentity', { value: this.mail.identityName });
    if (this.mail.isDomain) {
      this.mail.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: 'Add to DNS to verify the SES domain (unless Route 53 does it for you)',
        });
      });
    }
  }
}
