/**
 * The API answers only through the site: every handler built with httpHandler refuses (403, with a message that
 * says why) a request that lacks the origin-check header the distribution adds, or carries a wrong value, and
 * serves one with the right value. Deployed the value comes from Secrets Manager (a stand-in speaking its API
 * here), locally from the stack's setting.
 *
 * Rotating the value costs no outage (the functions' half; the distribution's half is test/infra/rotation.test.ts).
 * A rotation is: put a new value (it becomes AWSCURRENT, the old one AWSPREVIOUS), then deploy the edge stack pinned
 * to the new version (CloudFront sends the new value). Between the two, and while CloudFront's edge locations switch
 * over, requests carry either value: both must be served.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { originVerifyHeader, originVerifySecretArnEnv, originVerifyValueEnv, type DeployedRouteDef } from '@shared/deployment/manifest';
import { httpHandler, ok } from '../../../../lambdas/lib/http';
import { notThroughSiteMessage, resetOriginCheckCache, sameSecret } from '../../../../lambdas/lib/origin-check';
import { call } from '../../../helpers/http-event';
import { startSecretsManager, type SecretsManagerStandIn } from '../../../helpers/secrets-manager';

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

  it('reads the secret once (its current and previous value), then serves the right value and refuses the local one', async () => {
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
    // One read of AWSCURRENT and one of AWSPREVIOUS (accepted during a rotation), then the cache.
    expect(reads).toBe(2);
  });
});

describe('origin check during a rotation of its value', () => {
  const status = async (value: string) => (await call(handler, route, undefined, { headers: { [originVerifyHeader]: value } })).status;
  let sm: SecretsManagerStandIn;
  beforeAll(async () => {
    sm = await startSecretsManager();
  });
  afterAll(() => sm.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = sm.endpoint;
    process.env.AWS_REGION = 'us-east-1';
    process.env.AWS_ACCESS_KEY_ID = 'test';
    process.env.AWS_SECRET_ACCESS_KEY = 'test';
    delete process.env[originVerifyValueEnv];
    resetOriginCheckCache();
  });
  afterEach(() => vi.useRealTimers());

  it('serves the old value until the distribution has switched, and the new one as soon as it has', async () => {
    process.env[originVerifySecretArnEnv] = sm.create('agency-prod-origin-verify', 'value-1');
    expect(await status('value-1')).toBe(200);

    // Step 1: the operator puts a new value. CloudFront still sends the old one, from a cache filled before.
    sm.put('agency-prod-origin-verify', 'value-2');
    expect(await status('value-1')).toBe(200);
    // Step 2: the edge stack is deployed pinned to the new version; edge locations switch one by one. A function
    // whose cache predates the new value reads the secret again rather than refuse it (not more than every 30 s).
    vi.advanceTimersByTime(31_000);
    expect(await status('value-2')).toBe(200);
    expect(await status('value-1')).toBe(200);
    expect(await status('value-3')).toBe(403);
  });

  it('refuses a value two rotations old, and never the current one, even with a cold cache', async () => {
    process.env[originVerifySecretArnEnv] = sm.create('agency-dev-origin-verify', 'value-a');
    sm.put('agency-dev-origin-verify', 'value-b');
    sm.put('agency-dev-origin-verify', 'value-c');
    expect(await status('value-c')).toBe(200);
    expect(await status('value-b')).toBe(200);
    expect(await status('value-a')).toBe(403);
  });

  it('works before any rotation, when the secret has no previous value', async () => {
    process.env[originVerifySecretArnEnv] = sm.create('agency-qa-origin-verify', 'only');
    expect(await status('only')).toBe(200);
    expect(await status('other')).toBe(403);
  });

  it('does not read the secret again on every refused request (a flood of wrong values)', async () => {
    process.env[originVerifySecretArnEnv] = sm.create('agency-flood-origin-verify', 'right');
    expect(await status('right')).toBe(200);
    const before = sm.calls.length;
    for (let i = 0; i < 20; i += 1) expect(await status(`wrong-${i}`)).toBe(403);
    vi.advanceTimersByTime(31_000);
    for (let i = 0; i < 20; i += 1) expect(await status(`wrong-again-${i}`)).toBe(403);
    // At most one re-read (current and previous) in those 31 seconds.
    expect(sm.calls.length - before).toBeLessThanOrEqual(2);
  });
});
