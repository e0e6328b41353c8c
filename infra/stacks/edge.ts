/**
 * Edge stack: the site's and the API's public addresses, created first because everything else refers to them
 * (mail links, Stripe return URLs, upload CORS, the CSP). Holds the API resource, the CloudFront distribution
 * with its private bucket and AWS WAF web ACL, the secret the distribution sends to the API (so the API answers only
 * through the site), and the access-log bucket for both. No data lives here. Must be in us-east-1 (the ACL).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AccessLogs } from '../constructs/access-logs';
import { ApiEndpoint } from '../constructs/api';
import { Firewall } from '../constructs/firewall';
import { Site } from '../constructs/site';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { resourceName } from '@shared/deployment/manifest';
import { acknowledge } from '../lib/nag';
import { SecretSeeds } from '../constructs/secret-seeds';
import { bucketBrowserEndpoints } from '../lib/names';
import type { StageConfig } from '../stages';

export interface EdgeStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly webDist: string;
}

export class EdgeStack extends Stack {
  readonly site: Site;
  readonly endpoint: ApiEndpoint;
  readonly firewall: Firewall;
  /** The value the distribution sends in shared/deployment/manifest.ts `originVerifyHeader`; each API function checks it. */
  readonly originVerify: Secret;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const logs = new AccessLogs(this, 'AccessLogs', { stage, cloudFront: true });
    this.endpoint = new ApiEndpoint(this, 'Api', { stage });
    this.firewall = new Firewall(this, 'Firewall', { stage });
    // A random value seeded at the first deploy (never in the code or the template, and never rewritten by a
    // template change: secret-seeds.ts); the template holds only a dynamic reference that CloudFormation resolves
    // when it configures the distribution.
    this.originVerify = new Secret(this, 'OriginVerify', {
      secretName: resourceName(stage.name, 'origin-verify'),
      description: 'Sent by CloudFront to the API in the x-origin-verify header; API functions refuse requests without it.',
      // Nothing depends on the value outside this stage: a new one is seeded if the stage is recreated.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const originVerifySeed = new SecretSeeds(this, 'SecretSeeds', { stage }).seed(this.originVerify, { Format: 'plain' });
    acknowledge(this.originVerify, [
      {
        id: 'AwsSolutions-SMG4',
        reason: 'The value is configured into the CloudFront distribution by CloudFormation, which reads it only when the distribution is updated: an automatic rotation would reach the functions but not CloudFront. It never leaves AWS (CloudFront to API Gateway over TLS); the deploy guide rotates it by hand with no outage (put a new value, pin its version in the stage, deploy: the functions accept the current and the previous value).',
      },
    ]);
    this.site = new Site(this, 'Site', {
      stage,
      api: this.endpoint.api,
      accessLogs: logs.bucket,
      uploadEndpoints: bucketBrowserEndpoints(stage, 'uploads'),
      webDist: props.webDist,
      webAclArn: this.firewall.webAcl.attrArn,
      // A dynamic reference, resolved by CloudFormation only when the distribution is updated: pinning the
      // version is what makes a rotation reach CloudFront (StageConfig.originVerifyVersionId).
      originVerify: SecretValue.secretsManager(this.originVerify.secretArn, stage.originVerifyVersionId ? { versionId: stage.originVerifyVersionId } : {}).unsafeUnwrap(),
    });

    // CloudFront resolves the dynamic reference when it is configured: the value must be there by then.
    this.site.distribution.node.addDependency(originVerifySeed);

    // Without a custom domain the later stacks import the distribution's domain (the site's origin); with one they
    // use the domain as a plain string. CloudFormation refuses to drop an export that is still imported, and the
    // edge stack is updated first: adding a custom domain to a deployed stage would fail. So the export exists
    // whatever the settings, and a settings change never removes it (test/infra/exports.test.ts).
    this.exportValue(this.site.distribution.distributionDomainName);

    new CfnOutput(this, 'SiteUrl', { value: this.site.origin, description: 'The site (and its API under /api/*)' });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.site.distribution.distributionDomainName,
      description: 'Where a custom domain without a Route 53 zone must point (CNAME)',
    });
    new CfnOutput(this, 'SiteBucket', { value: this.site.bucket.bucketName });
    new CfnOutput(this, 'ApiEndpoint', {
      value: this.endpoint.api.apiEndpoint,
      description: 'The API directly; it refuses requests that do not come through the site (origin check)',
    });
  }
}
