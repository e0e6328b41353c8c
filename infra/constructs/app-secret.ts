/**
 * The stage's secrets (shared/deployment/settings.ts `secretNames`), one Secrets Manager secret each: a JSON object holding the
 * settings that live in it, keyed by setting name (`stripe`: `STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`;
 * `webhookSigning`: `WEBHOOK_SIGNING_SECRET`). A function gets the ARN and read access of only the secrets its
 * FunctionDef declares (app-function.ts) and reads them at run time (lambdas/lib/secrets.ts), so no secret value
 * ever sits in a template or an environment, and a function that signs webhooks cannot read the Stripe keys.
 *
 * CloudFormation never owns a value (secret-seeds.ts): each secret is created empty and seeded at deploy time,
 * the webhook signing key with a random value, the Stripe keys with empty ones (Buy Now answers the fallback
 * checkout until the operator stores them, see the deploy guide), and a value that is there is never rewritten.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { resourceName } from '@shared/deployment/manifest';
import { secretNames, settingsIn, type SecretName, type SettingName } from '@shared/deployment/settings';
import type { StageConfig } from '../stages';
import { acknowledge } from '../lib/nag';
import { SecretSeeds } from './secret-seeds';

/** The JSON keys of each secret. */
export const secretKeys = Object.fromEntries(secretNames.map((s) => [s, settingsIn(s)])) as Record<SecretName, SettingName[]>;

/** Physical name (protected stages), construct id and what a secret holds. */
const secretDefs: Record<SecretName, { readonly logical: string; readonly id: string; readonly generatedKey?: SettingName; readonly what: string }> = {
  stripe: { logical: 'stripe', id: 'Stripe', what: 'Stripe keys, read only by the payment functions' },
  webhookSigning: {
    logical: 'webhook-signing',
    id: 'WebhookSigning',
    generatedKey: 'WEBHOOK_SIGNING_SECRET',
    what: 'the webhook signing key, read only by the functions that sign webhook calls',
  },
  bookingLinks: {
    logical: 'booking-links',
    id: 'BookingLinks',
    generatedKey: 'BOOKING_LINK_SECRET',
    what: "the key of the visitors' booking links, read only by the functions that make or check them",
  },
};

export class AppSecret extends Construct {
  readonly secrets: Record<SecretName, Secret>;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    const { stage } = props;
    const seeds = new SecretSeeds(this, 'Seeds', { stage });
    const make = (name: SecretName): Secret => {
      const def = secretDefs[name];
      const keys = secretKeys[name];
      const secret = new Secret(this, def.id, {
        // A deleted secret keeps its name for a 7-30 day recovery window, so a destroyable stage lets CloudFormation
        // name it (destroy + deploy again works at once); protected stages get the memorable fixed name.
        ...(stage.protectData ? { secretName: resourceName(stage.name, def.logical) } : {}),
        description: `${stage.name}: ${def.what}. JSON object with keys ${keys.join(', ')}.`,
        removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      seeds.seed(secret, { Format: 'json', Keys: keys, ...(def.generatedKey ? { GeneratedKeys: [def.generatedKey] } : {}) });
      acknowledge(secret, [
        {
          id: 'AwsSolutions-SMG4',
          reason: 'Holds keys issued by Stripe, a signing key shared with the automation receivers, or the key of booking links already mailed to visitors; none can be rotated by a Lambda without breaking the other side. Rotation is a documented manual step (deploy guide).',
        },
      ]);
      return secret;
    };
    this.secrets = Object.fromEntries(secretNames.map((s) => [s, make(s)])) as Record<SecretName, Secret>;
  }
}
