/**
 * The stage's one Secrets Manager secret: a JSON object holding every `secret: true` setting of
 * shared/deployment/settings.ts, keyed by setting name (`STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`,
 * `WEBHOOK_SIGNING_SECRET`). Functions get its ARN as `APP_SECRET_ARN` and read it at run time
 * (lambdas/lib/secrets.ts), so no secret value ever sits in a template or a function's environment.
 *
 * Created with the webhook signing key generated and the Stripe keys empty (payments answer the fallback
 * checkout until the operator stores them, see the deploy guide).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { resourceName } from '@shared/deployment/manifest';
import { settings, type SettingName } from '@shared/deployment/settings';
import type { StageConfig } from '../stages';
import { acknowledge } from '../lib/nag';

/** The JSON keys of the app secret. */
export const secretKeys = (Object.keys(settings) as SettingName[]).filter(
  (s) => (settings[s] as { secret?: boolean }).secret === true,
);

/** The key Secrets Manager generates on creation; the others start empty. */
const generatedKey: SettingName = 'WEBHOOK_SIGNING_SECRET';

export class AppSecret extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    const { stage } = props;
    const template = Object.fromEntries(secretKeys.filter((k) => k !== generatedKey).map((k) => [k, '']));
    this.secret = new Secret(this, 'Secret', {
      // A deleted secret keeps its name for a 7-30 day recovery window, so a destroyable stage lets CloudFormation
      // name it (destroy + deploy again works at once); protected stages get the memorable fixed name.
      ...(stage.protectData ? { secretName: resourceName(stage.name, 'app') } : {}),
      description: `Secret settings of ${stage.name}: JSON object with keys ${secretKeys.join(', ')}.`,
      generateSecretString: {
        secretStringTemplate: JSON.stringify(template),
        generateStringKey: generatedKey,
        excludePunctuation: true,
        passwordLength: 48,
      },
      removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(this.secret, [
      {
        id: 'AwsSolutions-SMG4',
        reason: 'Holds keys issued by Stripe and a signing key shared with the automation receivers; neither can be rotated by a Lambda without the other side. Rotation is a documented manual step (deploy guide).',
      },
    ]);
  }
}
