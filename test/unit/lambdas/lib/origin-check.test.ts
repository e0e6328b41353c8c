/**
 * The API answers only through the site: every handler built with httpHandler refuses (403, with a message that
 * says why) a request that lacks the origin-check header the distribution adds, or carries a wrong value, and
 * serves one with the right value. Deployed the value comes from Secrets Manager (a stand-in speaking its API
 * here), locally from the stack's setting.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { originVerifyHeader, originVerifySecretArnEnv, originVerifyValueEnv, type DeployedRouteDef } from '@shared/deployment/manifest';
import { httpHandler, ok } from '../../../../lambdas/lib/http';
import { notThroughSiteMessage, resetOriginCheckCache, sameSecret } from '../../../../lambdas/lib/origin-check';
import { call } from '../../../helpers/http-event';

// A function with no required settings, so only the origin check stands between the request and the handler.
const route: DeployedRouteDef = { method: 'POST', path: '/api/uploads', fn: 'uploads', access: 'public', throttle: { rate: 1, burst: 1 }, maxBodyBytes: 1024 };
let ran = 0;
const handler = httpHandler(route, null, async () => {
  ran += 1;
  return ok({ served: true });
});

const saved = { ...process.env };
afterEach(() => {
  for (const k of [originVerifySecretArnEnv, originVerifyValueEnv, 'AWS_ENDPOINT_URL_SECRETS_MANAGER', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetOriginCheckCache();
});

describe('origin check (local value)', () => {
  it('refuses a request without the header, or with a wrong value, before the handler runs', async () => {
    process.env[originVerifyValueEnv] = 'expected-value';
    const before = ran;
    for (const headers of [{ [originVerifyHeader]: '' }, { [originVerifyHeader]: 'expected-valuE' }, { [originVerifyHeader]: 'expected-value-and-more' }]) {
      expect(await call(handler, route, undefined, { headers })).toEqual({ status: 403, body: { message: notThroughSiteMessage } });
    }
    expect(ran).toBe(before);
  });

  it('serves a request carrying the value (as the local API and the distribution send it)', async () => {
    process.env[originVerifyValueEnv] = 'expected-value';
    // The test helper adds the header from the environment, as the local API does.
    expect(await call(handler, route)).toEqual({ status: 200, body: { served: true } });
    expect(await call(handler, route, undefined, { headers: { 'X-Origin-Verify': 'expected-value' } })).toEqual({ status: 200, body: { served: true } });
  });

  it('compares in constant time and never accepts an empty secret', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abd', 'abc')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
  });
});

describe('origin check (deployed: the value from Secrets Manager)', () => {
  let server: Server;
  let reads = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        reads += 1;
        const target = req.headers['x-amz-target'];
        const { SecretId } = JSON.parse(body) as { SecretId: string };
        res.writeHead(target === 'secretsmanager.GetSecretValue' ? 200 : 400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ ARN: SecretId, Name: 'agency-test-origin-verify', SecretString: 'value-from-secrets-manager' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the secret once, then serves the right value and refuses the local one', async () => {
    const address = server.address() as { port: number };
    process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = `http://127.0.0.1:${address.port}`;
    process.env.AWS_REGION = 'us-east-1';
    process.env.AWS_ACCESS_KEY_ID = 'test';
    process.env.AWS_SECRET_ACCESS_KEY = 'test';
    process.env[originVerifySecretArnEnv] = 'arn:aws:secretsmanager:us-east-1:111111111111:secret:agency-test-origin-verify-AbCdEf';
    process.env[originVerifyValueEnv] = 'expected-value';
    const right = { headers: { [originVerifyHeader]: 'value-from-secrets-manager' } };
    expect((await call(handler, route, undefined, right)).status).toBe(200);
    expect((await call(handler, route, undefined, right)).status).toBe(200);
    expect((await call(handler, route, undefined, { headers: { [originVerifyHeader]: 'expected-value' } })).status).toBe(403);
    expect(reads).toBe(1);
  });
});
