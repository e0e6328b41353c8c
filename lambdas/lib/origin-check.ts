/**
 * The API answers only through the site: the CloudFront distribution (and the local API, the same way) adds the
 * `originVerifyHeader` with a per-stage secret value to every request it forwards, and this middleware refuses
 * any request without the right value with 403. So the API's own execute-api address, which would get around the
 * distribution's WAF and security headers, is of no use to a caller.
 *
 * The expected value: deployed, the Secrets Manager secret named by ORIGIN_VERIFY_SECRET_ARN (read once per
 * container and cached a few minutes); locally, ORIGIN_VERIFY_SECRET. With neither set (a handler called
 * directly in a unit test) there is no check; every deployed API function has the ARN (asserted by the infra
 * tests).
 *
 * Rotation without an outage (the deploy guide): deployed, both the secret's current value (AWSCURRENT) and the
 * one it replaced (AWSPREVIOUS) are accepted. The operator puts a new value, which the functions accept at once,
 * while the distribution still sends the old one; then deploys the edge stack pinned to the new version, and the
 * distribution switches over (the old value stays accepted until the next rotation). A function whose cache
 * predates the new value reads the secret again when refused a value, at most every REFRESH_MS, instead of
 * refusing the new value for the rest of its cache time.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { callLimits } from './call-limits';
import type middy from '@middy/core';
import { timingSafeEqual } from 'node:crypto';
import { originVerifyHeader, originVerifySecretArnEnv, originVerifyValueEnv } from '@shared/deployment/manifest';
import type { ApiErrorBody } from '@shared/contract/http';

const CACHE_MS = 5 * 60 * 1000;
/** A refused value makes the function read the secret again, but not more often than this (a flood of bad values). */
const REFRESH_MS = 30 * 1000;

export const notThroughSiteMessage = 'Forbidden: this API answers only requests made through the site.';

let client: SecretsManagerClient | undefined;
let cached: { arn: string; at: number; values: Promise<string[]> } | undefined;

/** One staging label's value; '' when the secret has none under it (no rotation yet has no AWSPREVIOUS). */
function readStage(arn: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string> {
  client ??= new SecretsManagerClient(callLimits(3_000));
  return client.send(new GetSecretValueCommand({ SecretId: arn, VersionStage: stage })).then(
    (out) => out.SecretString ?? '',
    (error: unknown) => {
      if (stage === 'AWSPREVIOUS' && (error as { name?: string }).name === 'ResourceNotFoundException') return '';
      throw error;
    },
  );
}

/** The values a request may carry: the current one and, during a rotation, the previous one. */
function expectedValues(maxAgeMs = CACHE_MS): Promise<string[]> | undefined {
  const arn = process.env[originVerifySecretArnEnv];
  if (!arn) {
    const local = process.env[originVerifyValueEnv];
    return local ? Promise.resolve([local]) : undefined;
  }
  if (!cached || cached.arn !== arn || Date.now() - cached.at > maxAgeMs) {
    const values = Promise.all([readStage(arn, 'AWSCURRENT'), readStage(arn, 'AWSPREVIOUS')]).then((v) => v.filter(Boolean));
    const entry = { arn, at: Date.now(), values };
    cached = entry;
    // A failed read must not be cached, or one throttled call would lock the function out until the TTL ends.
    values.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return cached.values;
}

async function accepted(given: string): Promise<boolean | undefined> {
  const expected = expectedValues();
  if (expected === undefined) return undefined;
  if ((await expected).some((value) => sameSecret(given, value))) return true;
  // Perhaps the value was rotated since the cache was filled: read again, if the cache is old enough.
  const fresh = expectedValues(REFRESH_MS);
  if (fresh === undefined || fresh === expected) return false;
  return (await fresh).some((value) => sameSecret(given, value));
}

/** Constant-time comparison (lengths are compared first: the length of the secret is not what protects it). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && b.length > 0 && timingSafeEqual(a, b);
}

interface EventWithHeaders {
  headers?: Record<string, string | undefined>;
}

function headerOf(event: EventWithHeaders, name: string): string {
  const headers = event.headers ?? {};
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return (key === undefined ? undefined : headers[key]) ?? '';
}

/** Refuses (403) a request that did not come through the distribution or the local API. */
export function originCheck<E extends EventWithHeaders, R>(): middy.MiddlewareObj<E, R> {
  return {
    before: async (request) => {
      const ok = await accepted(headerOf(request.event, originVerifyHeader));
      if (ok !== false) return;
      const body: ApiErrorBody = { message: notThroughSiteMessage };
      return {
        statusCode: 403,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        body: JSON.stringify(body),
      } as R;
    },
  };
}

/** For tests that change the environment between calls. */
export function resetOriginCheckCache(): void {
  cached = undefined;
  client = undefined;
}
