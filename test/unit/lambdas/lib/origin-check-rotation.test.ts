/**
 * Rotating the origin-verify value costs no outage (the functions' half; the distribution's half is in
 * test/infra/rotation.test.ts). Deployed, the value comes from Secrets Manager (the stand-in, through the real
 * SDK client). A rotation is: put a new value (it becomes AWSCURRENT, the old one AWSPREVIOUS), then deploy the
 * edge stack pinned to the new version (CloudFront sends the new value). Between the two, and while CloudFront's
 * edge locations switch over, requests carry either value: both must be served.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { originVerifyHeader, originVerifySecretArnEnv, originVerifyValueEnv, type DeployedRouteDef } from '@shared/deployment/manifest';
import { httpHandler, ok } from '../../../../lambdas/lib/http';
import { resetOriginCheckCache } from '../../../../lambdas/lib/origin-check';
import { call } from '../../../helpers/http-event';
import { startSecretsManager, type SecretsManagerStandIn } from '../../../helpers/secrets-manager';

const route: DeployedRouteDef = { method: 'POST', path: '/api/uploads', fn: 'uploads', access: 'public', throttle: { rate: 1, burst: 1 }, maxBodyBytes: 1024 };
const handler = httpHandler(route, null, async () => ok({ served: true }));
const status = async (value: string) => (await call(handler, route, undefined, { headers: { [originVerifyHeader]: value } })).status;

let sm: SecretsManagerStandIn;
const saved = { ...process.env };
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
afterEach(() => {
  vi.useRealTimers();
  for (const k of [originVerifySecretArnEnv, originVerifyValueEnv, 'AWS_ENDPOINT_URL_SECRETS_MANAGER', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetOriginCheckCache();
});

describe('origin check during a rotation of its value', () => {
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
