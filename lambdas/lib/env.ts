/**
 * Reading a function's environment. Names come from shared/deployment/manifest.ts (tables, buckets, each function's
 * settings) and shared/deployment/settings.ts (settings), so a missing variable is a deployment bug and fails loudly,
 * with its name.
 */
import { bucketEnvName, functionEnvName, functions, tableEnvName, type BucketName, type FunctionName, type TableName } from '@shared/deployment/manifest';
import { settings, type SettingName } from '@shared/deployment/settings';

export function tableName(table: TableName): string {
  return required(tableEnvName(table));
}

export function bucketName(bucket: BucketName): string {
  return required(bucketEnvName(bucket));
}

/** The physical name of a function this one may invoke (shared/deployment/manifest.ts `asyncInvocations`). */
export function physicalFunctionName(fn: FunctionName): string {
  return required(functionEnvName(fn));
}

/**
 * A setting's value; empty string when the operator left an optional one unset (e.g. no prompt webhook).
 * Required settings are checked once per container before the first request (`checkRequiredSettings`).
 */
export function setting(name: SettingName): string {
  return process.env[name] ?? '';
}

/** Throws, naming each one, when a required setting the function lists (shared/deployment/manifest.ts) is unset or empty. */
export function checkRequiredSettings(fn: FunctionName): void {
  const names: readonly SettingName[] = functions[fn].settings;
  const missing = names.filter((name) => (settings[name] as { required?: boolean }).required && !process.env[name]);
  if (missing.length > 0) {
    throw new Error(`The ${fn} function cannot start: required setting ${missing.join(', ')} is not set`);
  }
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}
