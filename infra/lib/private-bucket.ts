/**
 * The baseline every content bucket of the app gets: no public access, owner-enforced objects, encryption at
 * rest, TLS 1.2+ only, server access logs, and the stage's data protection (retained in prod, emptied and
 * deleted in dev). One definition, so a new bucket cannot be created with a weaker default by accident.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, BucketEncryption, ObjectOwnership, type BucketProps, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { StageConfig } from '../stages';
import { bucketPhysicalName } from './names';
import { guardAck, type Acknowledgement } from './nag';

export function privateBucketProps(stage: StageConfig, logical: string, accessLogs: IBucket): BucketProps {
  return {
    bucketName: bucketPhysicalName(stage, logical),
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: `s3/${logical}/`,
    removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: !stage.protectData,
  };
}

/**
 * The Guard findings every bucket of the app raises by design, with the reasons: `content` for the site and upload
 * buckets, `logs` for the access-log buckets.
 */
export function bucketChoices(kind: 'content' | 'logs'): Acknowledgement[] {
  const deletions =
    kind === 'content'
      ? 'the product deletes on purpose: uploads expire after the stage retention, the site\'s old assets are pruned by release'
      : 'access logs expire after their lifecycle rule';
  return [
    guardAck(
      's3_bucket_default_encryption_kms_check',
      kind === 'content'
        ? 'Encrypted at rest with SSE-S3. A KMS key would add a charge per request and a key policy that CloudFront\'s origin access control must be granted, for objects (the public site, visitors\' uploads) whose access IAM and the bucket policy already limit.'
        : 'S3 server access logs can only be delivered to a bucket encrypted with SSE-S3, not SSE-KMS.',
    ),
    guardAck('s3_bucket_object_lock_enabled_check', `Object Lock would forbid the deletions ${deletions}.`),
    guardAck(
      's3_bucket_versioning_enabled_check',
      `Versioning would keep what ${deletions} as noncurrent versions, i.e. keep data longer than the stage says; ${kind === 'content' ? 'the site is rebuilt from git by a deploy and uploads are copied into stored submissions' : 'the logs are a record, never edited'}.`,
    ),
    guardAck(
      's3_event_notifications_enabled_check',
      kind === 'content'
        ? 'Nothing reacts to object events: uploads are claimed by the API call that stores the submission, and the deploy writes the site\'s files.'
        : 'Nothing reacts to log deliveries; the logs are read when investigating.',
    ),
    ...(kind === 'logs'
      ? [guardAck('s3_bucket_logging_enabled_check', 'This is the bucket the stack\'s other buckets (and CloudFront) log to: logging it as well would log every log delivery.')]
      : []),
  ];
}
