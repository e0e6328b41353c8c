/**
 * Deploy-time function: gives a secret its first value, and never touches a value that is there.
 *
 * The stage's secrets are created with neither `SecretString` nor `GenerateSecretString` in the template (an empty
 * secret), so CloudFormation never owns their value: a later change of the template cannot wipe the operator's
 * Stripe keys or hand the webhook receivers a new signing key. This function, run by a custom resource of the same
 * stack on every create and update, only fills in what is missing:
 *
 * - `plain`: a secret with no value gets a random one (the origin-verify value);
 * - `json`: a secret with no value gets an object with every key of `Keys` ('' each, a random value for the keys
 *   in `GeneratedKeys`); an object that lacks a key (a setting added to the secret later) gets that key added,
 *   every value already there kept as it is. A value that is not a JSON object is the operator's and left alone.
 *
 * On delete it does nothing (the secret's own removal policy decides). The value never leaves Secrets Manager:
 * nothing is returned to CloudFormation and nothing is logged but what was done.
 */
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { randomBytes } from 'node:crypto';
import { customResource, type CustomResourceEvent } from './custom-resource';

export interface SecretSeedProperties {
  readonly SecretArn: string;
  readonly Format: 'plain' | 'json';
  readonly Keys?: readonly string[];
  readonly GeneratedKeys?: readonly string[];
}

/** 32 random bytes as hex: 64 characters, safe in a header and in JSON. */
export const randomSecretValue = (): string => randomBytes(32).toString('hex');

/** The value to store, or undefined when the secret already holds everything (nothing is rewritten). */
export function seededValue(current: string | undefined, spec: SecretSeedProperties, random: () => string = randomSecretValue): string | undefined {
  if (spec.Format === 'plain') return current ? undefined : random();
  let object: Record<string, unknown> = {};
  if (current) {
    try {
      const parsed: unknown = JSON.parse(current);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
      object = parsed as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  const missing = (spec.Keys ?? []).filter((k) => !(k in object));
  if (current && missing.length === 0) return undefined;
  const added = Object.fromEntries(missing.map((k) => [k, spec.GeneratedKeys?.includes(k) ? random() : '']));
  return JSON.stringify({ ...object, ...added });
}

function isNotFound(error: unknown): boolean {
  return (error as { name?: string }).name === 'ResourceNotFoundException';
}

/** Create/Update: fill in what is missing; Delete: nothing. */
export async function seedSecret(client: SecretsManagerClient, event: CustomResourceEvent<SecretSeedProperties>): Promise<'seeded' | 'kept' | 'deleted'> {
  if (event.RequestType === 'Delete') return 'deleted';
  const spec = event.ResourceProperties;
  let current: string | undefined;
  try {
    current = (await client.send(new GetSecretValueCommand({ SecretId: spec.SecretArn }))).SecretString;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const value = seededValue(current, spec);
  if (value === undefined) return 'kept';
  // The request id makes a retried invocation of the same event write one version, not two.
  await client.send(new PutSecretValueCommand({ SecretId: spec.SecretArn, SecretString: value, ClientRequestToken: event.RequestId }));
  return 'seeded';
}

let client: SecretsManagerClient | undefined;

export const handler = customResource<SecretSeedProperties>(async (event) => {
  client ??= new SecretsManagerClient({});
  const outcome = await seedSecret(client, event);
  console.log(JSON.stringify({ message: 'secret seed', secret: event.ResourceProperties.SecretArn, outcome }));
  return { physicalId: event.ResourceProperties.SecretArn };
});
