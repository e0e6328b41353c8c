/**
 * The baseline every content bucket of the app gets: no public access, owner-enforced objects, encryption at
 * rest, TLS 1.2+ only, server access logs, and the stage's data protection (retained in prod, emptied and
 * deleted in dev). One definition, so a new bucket cannot be created with a weaker default by accident.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, BucketEncryption, ObjectOwnership, type BucketProps, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { StageConfig } from '../stages';
import { bucketPhysicalName } from './names';

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
