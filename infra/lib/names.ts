/**
 * Fixed physical names of the stateful resources, and their ARNs spelled out from them.
 *
 * Tables are named as the local stack names them; buckets add the account (bucket names are global). Because the
 * names are known before deploy, a later stack can write exact IAM resources and the edge stack's CSP can name the
 * upload endpoint without referring to a stack that does not exist yet.
 */
import type { Stack } from 'aws-cdk-lib';
import { resourceName, type BucketName, type TableName } from '@shared/deployment/manifest';
import type { StageConfig } from '../stages';

export function tablePhysicalName(stage: StageConfig, table: TableName): string {
  return resourceName(stage.name, table);
}

export function bucketPhysicalName(stage: StageConfig, name: string): string {
  return `${resourceName(stage.name, name)}-${stage.account}`.toLowerCase();
}

export function tableArn(stack: Stack, stage: StageConfig, table: TableName): string {
  return `arn:${stack.partition}:dynamodb:${stage.region}:${stage.account}:table/${tablePhysicalName(stage, table)}`;
}

export function bucketArn(stack: Stack, stage: StageConfig, bucket: BucketName | 'site'): string {
  return `arn:${stack.partition}:s3:::${bucketPhysicalName(stage, bucket)}`;
}

/** Endpoints a browser posts presigned uploads to (virtual-hosted style, regional and global names). */
export function bucketBrowserEndpoints(stage: StageConfig, name: BucketName): string[] {
  const bucket = bucketPhysicalName(stage, name);
  return [`https://${bucket}.s3.${stage.region}.amazonaws.com`, `https://${bucket}.s3.amazonaws.com`];
}
