/**
 * Reading a function's environment. Names come from shared/backend.ts (tables, buckets) and
 * shared/settings.ts (settings), so a missing variable is a deployment bug and fails loudly.
 */
import { bucketEnvName, tableEnvName, type BucketName, type TableName } from '../../shared/backend';
import type { SettingName } from '../../shared/settings';

export function tableName(table: TableName): string {
  return required(tableEnvName(table));
}

export function bucketName(bucket: BucketName): string {
  return required(bucketEnvName(bucket));
}

/** A setting's value; empty string when the operator left it unset (settings with an empty local default). */
export function setting(name: SettingName): string {
  return process.env[name] ?? '';
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}
