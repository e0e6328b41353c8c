/**
 * Edge stack: the site's and the API's public addresses, created first because everything else refers to them
 * (mail links, Stripe return URLs, upload CORS, the CSP). Holds the API resource, the CloudFront distribution
 * with its private bucket, and the access-log bucket for both. No data lives here.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AccessLogs } from '../constructs/access-logs';
import { ApiEndpoint } from '../constructs/api';
import { Site } from '../constructs/site';
import { bucketBrowserEndpoints } from '../constructs/names';
import type { StageConfig } from '../stages';

export interface EdgeStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly webDist: string;
}

export class EdgeStack extends Stack {
  readonly site: Site;
  readonly endpoint: ApiEndpoint;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const logs = new AccessLogs(this, 'AccessLogs', { stage, cloudFront: true });
    this.endpoint = new ApiEndpoint(this, 'Api', { stage });
    this.site = new Site(this, 'Site', {
      stage,
      api: this.endpoint.api,
      accessLogs: logs.bucket,
      uploadEndpoints: bucketBrowserEndpoints(stage, 'uploads'),
      webDist: props.webDist,
    });

    new CfnOutput(this, 'SiteUrl', { value: this.site.origin, description: 'The site (and its API under /api/*)' });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'SiteBucket', { value: this.site.bucket.bucketName });
    new CfnOutput(this, 'ApiEndpoint', {
      value: this.endpoint.api.apiEndpoint,
      description: 'The API directly (browsers use the site origin instead)',
    });
  }
}
