/**
 * Outgoing mail: the stage's SES identity (a domain with Easy DKIM, or one address) and a configuration set that
 * requires TLS, records reputation metrics and keeps bounced or complaining recipients suppressed.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons, ConfigurationSetTlsPolicy } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { resourceName } from '@shared/deployment/manifest';
import { parseMailbox, type StageConfig } from '../stages';

export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  /** The identity's name: the domain or the address. */
  readonly identityName: string;
  readonly identityArn: string;
  readonly configurationSetArn: string;
  /** Fixed name, so functions in the stateless stack can be granted it without a cross-stack reference. */
  readonly configurationSetName: string;
  readonly isDomain: boolean;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    const { stage } = props;
    const removalPolicy = stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.identityName = stage.mail.identity;
    this.isDomain = !stage.mail.identity.includes('@');

    const from = parseMailbox(stage.mail.from).address;
    const fromDomain = from.split('@')[1] ?? '';
    if (this.isDomain ? fromDomain !== stage.mail.identity : from !== stage.mail.identity) {
      throw new Error(`Stage ${stage.name}: mail.from (${from}) is not covered by the SES identity ${stage.mail.identity}`);
    }

    this.configurationSetName = resourceName(stage.name, 'mail');
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: this.configurationSetName,
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.applyRemovalPolicy(removalPolicy);

    const zone = stage.site?.hostedZone && stage.site.hostedZone.name === stage.mail.identity
      ? HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: stage.site.hostedZone.id, zoneName: stage.site.hostedZone.name })
      : undefined;
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: this.isDomain
        ? zone
          ? Identity.publicHostedZone(zone)
          : Identity.domain(stage.mail.identity)
        : Identity.email(stage.mail.identity),
      configurationSet: this.configurationSet,
    });
    this.identity.applyRemovalPolicy(removalPolicy);

    const stack = Stack.of(this);
    this.identityArn = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: stage.mail.identity });
    this.configurationSetArn = stack.formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSetName,
    });
  }
}
