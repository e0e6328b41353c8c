/**
 * Secret settings: the one Secrets Manager secret when APP_SECRET_ARN is set (read once and cached), the plain
 * setting otherwise. A small HTTP server answers GetSecretValue the way Secrets Manager does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetSecretCache, secretSetting } from '../../../lambdas/lib/secrets';

let server: Server;
let calls: { target: string | undefined; body: unknown }[] = [];
let secretString = JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_from_secrets_manager', STRIPE_WEBHOOK_SECRET: 'whsec_from_sm' });
let failing = false;
const KEYS = ['APP_SECRET_ARN', 'AWS_ENDPOINT_URL_SECRETS_MANAGER', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'STRIPE_SECRET_KEY'];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push({ target: req.headers['x-amz-target'] as string | undefined, body: JSON.parse(raw || '{}') });
      if (failing) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: 'Secrets Manager cannot find the specified secret.' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:app', Name: 'app', SecretString: secretString }));
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

function useSecretsManager() {
  process.env.APP_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:app';
  process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
}

describe('secretSetting', () => {
  it('reads the plain setting when no app secret is configured (the local stack)', async () => {
    delete process.env.APP_SECRET_ARN;
    process.env.STRIPE_SECRET_KEY = 'sk_test_env';
    expect(await secretSetting('STRIPE_SECRET_KEY')).toBe('sk_test_env');
    expect(calls).toHaveLength(0);
  });

  it('reads the JSON secret once and answers every key from it', async () => {
    useSecretsManager();
    process.env.STRIPE_SECRET_KEY = 'sk_must_not_be_used';
    expect(await secretSetting('STRIPE_SECRET_KEY')).toBe('sk_test_from_secrets_manager');
    expect(await secretSetting('STRIPE_WEBHOOK_SECRET')).toBe('whsec_from_sm');
    // A key the operator left out reads as "not configured".
    expect(await secretSetting('WEBHOOK_SIGNING_SECRET')).toBe('');
    expect(calls).toEqual([{ target: 'secretsmanager.GetSecretValue', body: { SecretId: process.env.APP_SECRET_ARN } }]);
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
