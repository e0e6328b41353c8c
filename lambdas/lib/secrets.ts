/**
 * Secret settings (Stripe keys, signing secrets). Deployed they live in ONE Secrets Manager secret whose ARN is
 * in APP_SECRET_ARN (a JSON object keyed by setting name), so they never appear in a function's environment or
 * the CloudFormation template. Locally and in tests there is no such secret and the plain setting is used.
 *
 * The secret is read once per container and cached for a few minutes, so a rotated value is picked up without
 * a redeploy while a warm function does not call Secrets Manager on every request.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SettingName } from '@shared/deployment/settings';
import { setting } from './env';

const CACHE_MS = 5 * 60 * 1000;

let client: SecretsManagerClient | undefined;
let cached: { at: number; values: Promise<Record<string, unknown>> } | undefined;

function readSecret(arn: string): Promise<Record<string, unknown>> {
  client ??= new SecretsManagerClient({});
  return client.send(new GetSecretValueCommand({ SecretId: arn })).then((out) => {
    const parsed: unknown = JSON.parse(out.SecretString ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('The app secret must be a JSON object keyed by setting name');
    }
    return parsed as Record<string, unknown>;
  });
}

/** A secret setting's value; '' when it is not set (callers treat that as "feature not configured"). */
export async function secretSetting(name: SettingName): Promise<string> {
  const arn = process.env.APP_SECRET_ARN;
  if (!arn) return setting(name);
  if (!cached || Date.now() - cached.at > CACHE_MS) {
    const values = readSecret(arn);
    cached = { at: Date.now(), values };
    // A failed read must not be cached, or one throttled call would break the function until the TTL ends.
    values.catch(() => {
      if (cached?.values === values) cached = undefined;
    });
  }
  const value = (await cached.values)[name];
  return typeof value === 'string' ? value : '';
}

/** For tests that change APP_SECRET_ARN or the secret. */
export function resetSecretCache(): void {
  cached = undefined;
  client = undefined;
}
