/**
 * The buckets of shared/deployment/manifest.ts `buckets` (the browser upload bucket): private, TLS only, encrypted, access
 * logged, CORS for the site's origin only when browsers post to it, and expiring the prefixes the definition says
 * after the stage's retention (infra/stages.ts `retention`).
 */
import { Duration } from 'aws-cdk-lib';
import { Bucket, HttpMethods, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { buckets, type BucketDef, type BucketName } from '@shared/deployment/manifest';
import { bucketChoices, privateBucketProps } from '../lib/private-bucket';
import { acknowledge } from '../lib/nag';
import type { StageConfig } from '../stages';

export interface UploadsProps {
  readonly stage: StageConfig;
  readonly siteOrigin: string;
  readonly accessLogs: IBucket;
}

export class Uploads extends Construct {
  readonly buckets: Record<BucketName, Bucket>;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);
    const { stage } = props;
    const made = {} as Record<BucketName, Bucket>;
    for (const [name, def] of Object.entries(buckets) as [BucketName, BucketDef][]) {
      made[name] = new Bucket(this, name, {
        ...privateBucketProps(stage, name, props.accessLogs),
        cors: def.corsForSite
          ? [
              {
                // Presigned POSTs from the site only; the POST policy itself limits key, size and type.
                allowedOrigins: [props.siteOrigin],
                allowedMethods: [HttpMethods.POST],
                allowedHeaders: ['*'],
                exposedHeaders: ['ETag', 'Location'],
                maxAge: 3600,
              },
            ]
          : [],
        lifecycleRules: [
          { abortIncompleteMultipartUploadAfter: Duration.days(1) },
          // Versioning is off, so expiring deletes the object for good: nothing is kept longer than the stage says.
          ...def.expire.map((e) => ({ id: `expire-${e.prefix.replace(/\/$/, '')}`, prefix: e.prefix, expiration: Duration.days(stage.retention[e.retention]) })),
        ],
      });
    }
    for (const bucket of Object.values(made)) acknowledge(bucket, bucketChoices('content'));
    this.buckets = made;
  }
}
