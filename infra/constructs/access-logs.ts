/**
 * A private bucket receiving S3 server access logs (and CloudFront standard logs) of one stack's buckets.
 * Each stack that owns buckets gets its own, so no bucket policy ever points across stacks.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages';
import { acknowledge, guardAck } from '../lib/nag';
import { bucketChoices } from '../lib/private-bucket';

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
    acknowledge(this.bucket, bucketChoices('logs'));
    // A destroyable stage's buckets are emptied on delete by CDK's own handler, a singleton of the stack.
    const emptier = Stack.of(this).node.tryFindChild('Custom::S3AutoDeleteObjectsCustomResourceProvider');
    if (emptier) {
      acknowledge(emptier, [
        guardAck(
          'lambda_inside_vpc_check',
          "CDK's own handler that empties this destroyable stage's buckets when its stack is deleted; it only calls S3, under IAM, and never runs on a visitor request.",
        ),
      ]);
    }
  }
}
