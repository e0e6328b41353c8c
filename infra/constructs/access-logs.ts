/**
 * A private bucket receiving S3 server access logs (and CloudFront standard logs) of one stack's buckets.
 * Each stack that owns buckets gets its own, so no bucket policy ever points across stacks.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages';

export class AccessLogs extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { stage: StageConfig; cloudFront?: boolean }) {
    super(scope, id);
    const { stage } = props;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging still writes through an ACL grant, which needs ACLs enabled for the owner.
      objectOwnership: props.cloudFront ? ObjectOwnership.BUCKET_OWNER_PREFERRED : ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(stage.protectData ? 365 : 30) }],
      removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !stage.protectData,
    });
  }
}
