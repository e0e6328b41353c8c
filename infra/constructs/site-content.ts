/**
 * The built web app (web/dist) copied into the site bucket at deploy time, plus the runtime `/config.json`
 * (shared/contract/runtime-config.ts) written from the stacks' outputs, so one build serves every stage.
 *
 * Two copies with different caching: content-hashed `assets/` for a year and immutable (never pruned, so a page
 * still open in a browser keeps finding its old chunks), everything else revalidated and pruned. The assets go
 * first, so a new page never points at a chunk that is not there yet; then CloudFront is invalidated.
 *
 * The pages name the site's absolute address (og:url, og:image, sitemap.xml, robots.txt). The build wrote them
 * for the origin it recorded (shared/deployment/hosting/origin.ts), usually the laptop's http://localhost:3000;
 * the page copy replaces that origin with the stage's own at deploy time (a BucketDeployment marker, which the
 * copy job replaces in every file of the source), because without a custom domain the stage's address is the
 * distribution's, known only once the edge stack is deployed. The precompressed .br/.gz copies, which no text
 * replacement can reach and which CloudFront does not need (it compresses by itself), are not uploaded.
 *
 * Last, the release is recorded and the assets no release among the stage's last `keepReleases` uses are deleted
 * (infra/deploy-time/site-releases.ts): never by age, so a chunk unchanged for a year stays while it is used.
 */
import { CustomResource, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contract/runtime-config';
import { resourceName } from '@shared/deployment/manifest';
import type { StageConfig } from '../stages';
import { bucketPhysicalName } from '../lib/names';
import { acknowledge, guardAck } from '../lib/nag';
import { stageLogGroup } from '../lib/log-group';
import { releasesPrefix, type SiteReleasesProperties } from '../deploy-time/site-releases';
import { DeployTimeFunction } from './deploy-time-function';
import { assetsCacheControl, assetsPrefix, builtOrigin, htmlCacheControl, siteOriginRecord } from '@shared/deployment/hosting';

export interface SiteContentProps {
  readonly stage: StageConfig;
  readonly distribution: IDistribution;
  readonly webDist: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** The stage's origin (`https://<custom domain>`, or the distribution's address: a deploy-time value). */
  readonly siteOrigin: string;
}

/** The asset files of a build, as keys of the site bucket (`assets/index-x.js`), sorted. */
export function assetKeysOf(webDist: string): string[] {
  const dir = join(webDist, assetsPrefix.slice(1));
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(webDist, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/** Files of the build that are never uploaded: precompressed copies (see above) and the build's origin record. */
const notUploaded = ['*.br', '*.gz', siteOriginRecord];

/** `source` with every occurrence of `from` replaced by `to` when the copy job unpacks it (`to` may be a token). */
function replacing(source: ISource, from: string, to: string): ISource {
  return {
    bind: (scope, context) => ({ ...source.bind(scope, context), markers: { [from]: to } }),
  };
}

/** The deployed `/config.json`: the API is same-origin (served by the distribution at /api/*), sign-in is SRP. */
export function deployedRuntimeConfig(props: { stage: StageConfig; userPoolId: string; userPoolClientId: string }): RuntimeConfig {
  return runtimeConfigSchema.parse({
    stage: props.stage.name,
    apiUrl: '',
    auth: {
      region: props.stage.region,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
    },
    billingPortalLoginUrl: props.stage.billing.portalLoginUrl,
  });
}

export class SiteContent extends Construct {
  readonly assets: BucketDeployment;
  readonly pages: BucketDeployment;

  constructor(scope: Construct, id: string, props: SiteContentProps) {
    super(scope, id);
    const { stage } = props;
    const logGroup = stageLogGroup(this, 'DeployLogs', stage, { logGroupName: `/aws/lambda/${resourceName(stage.name, 'site-deployment')}` });
    const build = Source.asset(props.webDist);
    const origin = builtOrigin(props.webDist);
    if (!origin) {
      throw new Error(`${props.webDist} does not record the origin its pages were built for (${siteOriginRecord}): run \`npm run build:web\` again.`);
    }
    const pages = origin === props.siteOrigin ? build : replacing(build, origin, props.siteOrigin);
    // By its fixed name, so the copy job's IAM policy names the bucket plainly (see names.ts).
    const bucket = Bucket.fromBucketName(this, 'SiteBucket', bucketPhysicalName(stage, 'site'));

    this.assets = new BucketDeployment(this, 'Assets', {
      sources: [build],
      destinationBucket: bucket,
      exclude: ['*'],
      include: [`${assetsPrefix.slice(1)}*`],
      prune: false,
      cacheControl: [CacheControl.fromString(assetsCacheControl)],
      memoryLimit: 1024,
      logGroup,
    });

    this.pages = new BucketDeployment(this, 'Pages', {
      sources: [pages, Source.jsonData('config.json', deployedRuntimeConfig(props))],
      destinationBucket: bucket,
      // releases/ holds the release records (below), which no build contains and this copy must not prune.
      exclude: [`${assetsPrefix.slice(1)}*`, `${releasesPrefix}*`, ...notUploaded],
      prune: true,
      cacheControl: [CacheControl.fromString(htmlCacheControl)],
      distribution: props.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 1024,
      logGroup,
    });
    this.pages.node.addDependency(this.assets);

    const assetKeys = assetKeysOf(props.webDist);
    const releases = new DeployTimeFunction(this, 'Releases', {
      stage,
      entry: 'infra/deploy-time/site-releases.ts',
      description: `${stage.name}: records each site release and deletes the assets no release of the last ${stage.keepReleases} uses`,
    });
    const objects = (prefix: string) => `${bucket.bucketArn}/${prefix}*`;
    releases.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn], conditions: { StringLike: { 's3:prefix': [`${assetsPrefix.slice(1)}*`, `${releasesPrefix}*`] } } }));
    releases.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [objects(releasesPrefix)] }));
    releases.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [objects(assetsPrefix.slice(1))] }));
    acknowledge(releases, [
      {
        id: `AwsSolutions-IAM5[Resource::${objects(releasesPrefix)}]`,
        reason: 'The release records, one object per release (releases/<release id>.json): read, written and deleted by this job only.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${objects(assetsPrefix.slice(1))}]`,
        reason: 'Deletes content-hashed assets that no recent release uses; their names are only known at deploy time.',
      },
    ]);
    const properties: SiteReleasesProperties = {
      BucketName: bucketPhysicalName(stage, 'site'),
      // The same assets make the same release: redeploying a build only refreshes its record.
      Release: createHash('sha256').update(assetKeys.join('\n')).digest('hex').slice(0, 16),
      Assets: assetKeys,
      Keep: stage.keepReleases,
    };
    const record = new CustomResource(this, 'ReleaseRecord', {
      serviceToken: releases.fn.functionArn,
      resourceType: 'Custom::SiteReleases',
      properties: { ...properties },
    });
    record.node.addDependency(this.assets, this.pages, releases.role);

    // The copy function is CDK's own singleton (one per stack), outside our constructs: acknowledge it there.
    const stack = Stack.of(this);
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      const reason = (what: string) => `CDK's BucketDeployment handler (copies web/dist at deploy time, not reachable by visitors): ${what}`;
      acknowledge(child, [
        { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason: reason('CDK attaches the basic execution role; its logs go to the log group given here.') },
        ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((action) => ({
          id: `AwsSolutions-IAM5[Action::${action}]`,
          reason: reason('the grant CDK writes for syncing from the asset bucket to the site bucket; limited to those two buckets.'),
        })),
        {
          id: `AwsSolutions-IAM5[Resource::arn:aws:s3:::cdk-hnb659fds-assets-${stage.account}-${stage.region}/*]`,
          reason: reason('reads the uploaded build from the CDK bootstrap asset bucket.'),
        },
        { id: `AwsSolutions-IAM5[Resource::${bucket.bucketArn}/*]`, reason: reason('writes and prunes the files of the site bucket.') },
        { id: 'AwsSolutions-IAM5[Resource::*]', reason: reason('cloudfront:CreateInvalidation/GetInvalidation, which CDK grants on *.') },
        { id: 'AwsSolutions-L1', reason: reason('its runtime is pinned by aws-cdk-lib, not by this app.') },
        { id: 'Serverless-LambdaLatestVersion', reason: reason('its runtime is pinned by aws-cdk-lib, not by this app.') },
        { id: 'Serverless-LambdaDLQ', reason: reason('invoked synchronously by CloudFormation, which reports the failure and rolls back.') },
        { id: 'Serverless-LambdaTracing', reason: reason('a deploy-time copy job; its logs are enough.') },
        guardAck('lambda_inside_vpc_check', reason('it only copies between two S3 buckets and invalidates CloudFront, under IAM.')),
      ]);
    }
  }
}
