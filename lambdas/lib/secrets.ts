/**
 * Secret settings (Stripe keys, the webhook signing key). Deployed, each of the stage's secrets
 * (shared/deployment/settings.ts `secretNames`) is its own Secrets Manager secret, a JSON object keyed by setting name, and a
 * function gets the ARN (`secretArnEnvName`) and read access of only the secrets its FunctionDef declares, so the
 * values never appear in an environment or template and a function cannot read what it was not granted. Locally and
 * in tests there are no such secrets and the plain setting is used.
 *
 * The declaration is checked here too: a function asking for a secret it did not declare is refused. The running
 * function is named by POWERTOOLS_SERVICE_NAME, which each function's environment sets
 * (infra/constructs/app-function.ts).
 *
 * A secret is read once per container and cached for a few minutes, so a rotated value is picked up without a
 * redeploy while a warm function does not call Secrets Manager on every request.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { callLimits } from './call-limits';
import { functions, secretArnEnvName, type FunctionDef, type FunctionName } from '@shared/deployment/manifest';
import { secretOf, type SecretName, type SettingName } from '@shared/deployment/settings';
import { setting } from './env';

const CACHE_MS = 5 * 60 * 1000;

let client: SecretsManagerClient | undefined;
const cache = new Map<string, { at: number; values: Promise<Record<string, unknown>> }>();

/** A function asked for a secret its FunctionDef does not declare. */
export class SecretNotGranted extends Error {
  constructor(fn: FunctionName, secret: SecretName) {
    super(`The ${fn} function may not read the ${secret} secret (not in its FunctionDef's secrets)`);
    this.name = 'SecretNotGranted';
  }
}

function currentFunction(): FunctionName | undefined {
  const name = process.env.POWERTOOLS_SERVICE_NAME;
  return name && name in functions ? (name as FunctionName) : undefined;
}

function readSecret(arn: string): Promise<Record<string, unknown>> {
  client ??= new SecretsManagerClient(callLimits(3_000));
  return client.send(new GetSecretValueCommand({ SecretId: arn })).then((out) => {
    const parsed: unknown = JSON.parse(out.SecretString ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('A stage secret must be a JSON object keyed by setting name');
    }
    return parsed as Record<string, unknown>;
  });
}

function cachedSecret(arn: string): Promise<Record<string, unknown>> {
  let entry = cache.get(arn);
  if (!entry || Date.now() - entry.at > CACHE_MS) {
    const values = readSecret(arn);
    entry = { at: Date.now(), values };
    cache.set(arn, entry);
    // A failed read must not be cached, or one throttled call would break the function until the TTL ends.
    values.catch(() => {
      if (cache.get(arn)?.values === values) cache.delete(arn);
    });
  }
  return entry.values;
}

/**
 * A secret setting's value; '' when it is not set (callers treat that as "feature not configured"). Rejects with
 * SecretNotGranted when the running function did not declare the secret the setting lives in.
 */
export async function secretSetting(name: SettingName): Promise<string> {
  const secret = secretOf(name);
  if (!secret) throw new Error(`${name} is not a secret setting`);
  const fn = currentFunction();
  if (fn && !(functions[fn] as FunctionDef).secrets.includes(secret)) throw new SecretNotGranted(fn, secret);
  const arn = process.env[secretArnEnvName(secret)];
  if (!arn) return setting(name);
  const value = (await cachedSecret(arn))[name];
  return typeof value === 'string' ? value : '';
}

/** For tests that change the secret ARNs or the secrets. */
export function resetSecretCache(): void {
  cache.clear();
  client = undefined;
}
