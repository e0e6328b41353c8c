/**
 * Secret settings (shared/settings.ts entries marked `secret`). Deployed they live in one Secrets Manager
 * secret per stage (JSON, keys = setting names) whose ARN is in APP_SECRET_ARN; locally they are plain
 * environment variables. Read once per container.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SettingName } from '../../shared/settings';
import { setting } from './env';

let cached: Promise<Record<string, string>> | undefined;

async function loadSecret(arn: string): Promise<Record<string, string>> {
  const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  return JSON.parse(out.SecretString ?? '{}') as Record<string, string>;
}

export async function secretSetting(name: SettingName): Promise<string> {
  const arn = process.env.APP_SECRET_ARN;
  if (!arn) return setting(name);
  cached ??= loadSecret(arn).catch((error: unknown) => {
    cached = undefined; // try again on the next call
    throw error;
  });
  return (await cached)[name] ?? '';
}
