/**
 * The buckets of shared/backend.ts `buckets` (the browser upload bucket): private, TLS only, encrypted, access
 * logged, CORS for the site's origin only when browsers post to it, and expiring the prefixes the definition says.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { buckets, type BucketDef, type BucketName } from '../../shared/backend';
import { bucketPhysicalName } from './names';
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
        bucketName: bucketPhysicalName(stage, name),
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
        encryption: BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        minimumTLSVersion: 1.2,
        serverAccessLogsBucket: props.accessLogs,
        serverAccessLogsPrefix: `s3/${name}/`,
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
          ...def.expire.map((e) => ({ prefix: e.prefix, expiration: Duration.days(e.days) })),
        ],
        removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        autoDeleteObjects: !stage.protectData,
      });
    }
    this.buckets = made;
  }
}
