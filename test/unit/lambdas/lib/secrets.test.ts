/**
 * Secret settings: each stage secret from its own Secrets Manager secret when its ARN is set (read once and cached),
 * the plain setting otherwise; and only for a function that declares the secret (POWERTOOLS_SERVICE_NAME names the
 * running function; test/unit/infra/local/lambda-runtime.test.ts runs many in one thread, as the local stack does). A small
 * HTTP server answers GetSecretValue the way Secrets Manager does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetSecretCache, SecretNotGranted, secretSetting } from '../../../../lambdas/lib/secrets';
import { secretArnEnvName } from '@shared/deployment/manifest';

let server: Server;
let calls: { target: string | undefined; body: unknown }[] = [];
const STRIPE_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:agency-test-stripe';
const SIGNING_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:agency-test-webhook-signing';
let secretString = JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_from_secrets_manager', STRIPE_WEBHOOK_SECRET: 'whsec_from_sm' });
const signingSecretString = JSON.stringify({ WEBHOOK_SIGNING_SECRET: 'signing-key-from-sm' });
let failing = false;
const KEYS = [
  secretArnEnvName('stripe'),
  secretArnEnvName('webhookSigning'),
  'POWERTOOLS_SERVICE_NAME',
  'AWS_ENDPOINT_URL_SECRETS_MANAGER',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'WEBHOOK_SIGNING_SECRET',
];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { SecretId?: string };
      calls.push({ target: req.headers['x-amz-target'] as string | undefined, body });
      if (failing) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: 'Secrets Manager cannot find the specified secret.' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ ARN: body.SecretId, Name: 'secret', SecretString: body.SecretId === SIGNING_ARN ? signingSecretString : secretString }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetSecretCache();
  calls = [];
  failing = false;
});

/** As a deployed function that declares both secrets would be configured (the ARNs of what it may read). */
function useSecretsManager() {
  process.env[secretArnEnvName('stripe')] = STRIPE_ARN;
  process.env[secretArnEnvName('webhookSigning')] = SIGNING_ARN;
  process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
}

describe('secretSetting', () => {
  it('reads the plain setting when no secret ARN is configured (the local stack)', async () => {
    delete process.env[secretArnEnvName('stripe')];
    process.env.STRIPE_SECRET_KEY = 'sk_test_env';
    expect(await secretSetting('STRIPE_SECRET_KEY')).toBe('sk_test_env');
    expect(calls).toHaveLength(0);
  });

  it('reads each JSON secret once and answers its keys from it', async () => {
    useSecretsManager();
    process.env.STRIPE_SECRET_KEY = 'sk_must_not_be_used';
    expect(await secretSetting('STRIPE_SECRET_KEY')).toBe('sk_test_from_secrets_manager');
    expect(await secretSetting('STRIPE_WEBHOOK_SECRET')).toBe('whsec_from_sm');
    expect(await secretSetting('WEBHOOK_SIGNING_SECRET')).toBe('signing-key-from-sm');
    expect(await secretSetting('STRIPE_SECRET_KEY')).toBe('sk_test_from_secrets_manager');
    expect(calls).toEqual([
      { target: 'secretsmanager.GetSecretValue', body: { SecretId: STRIPE_ARN } },
      { target: 'secretsmanager.GetSecretValue', body: { SecretId: SIGNING_ARN } },
    ]);
  });

  it('answers a key the operator left out of the secret as "not configured"', async () => {
    useSecretsManager();
    secretString = JSON.stringify({ STRIPE_WEBHOOK_SECRET: 'whsec_from_sm' });
    expect(await secretSetting('STRIPE_SECRET_KEY')).toBe('');
    secretString = JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_from_secrets_manager', STRIPE_WEBHOOK_SECRET: 'whsec_from_sm' });
  });

  it('does not cache a failed read', async () => {
    useSecretsManager();
    failing = true;
    await expect(secretSetting('STRIPE_SECRET_KEY')).rejects.toThrow(/cannot find the specified secret/);
    failing = false;
    expect(await secretSetting('STRIPE_SECRET_KEY')).toBe('sk_test_from_secrets_manager');
  });

  it('refuses a secret that is not a JSON object', async () => {
    useSecretsManager();
    secretString = '"just a string"';
    await expect(secretSetting('STRIPE_SECRET_KEY')).rejects.toThrow(/JSON object keyed by setting name/);
    secretString = JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_from_secrets_manager' });
  });
});

describe('a function reads only the secrets it declares', () => {
  it('deployed: the prompts and idea functions may not read the Stripe keys, the payment functions not the signing key', async () => {
    useSecretsManager();
    process.env.POWERTOOLS_SERVICE_NAME = 'prompts';
    await expect(secretSetting('STRIPE_SECRET_KEY')).rejects.toThrow(SecretNotGranted);
    expect(await secretSetting('WEBHOOK_SIGNING_SECRET')).toBe('signing-key-from-sm');
    process.env.POWERTOOLS_SERVICE_NAME = 'ideas';
    await expect(secretSetting('STRIPE_WEBHOOK_SECRET')).rejects.toThrow('The ideas function may not read the stripe secret');
    process.env.POWERTOOLS_SERVICE_NAME = 'createPayment';
    await expect(secretSetting('WEBHOOK_SIGNING_SECRET')).rejects.toThrow(SecretNotGranted);
    expect(await secretSetting('STRIPE_SECRET_KEY')).toBe('sk_test_from_secrets_manager');
    // Secrets Manager was never asked for what was refused.
    expect(calls.map((c) => (c.body as { SecretId: string }).SecretId)).toEqual([SIGNING_ARN, STRIPE_ARN]);
  });
});
