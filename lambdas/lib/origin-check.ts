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
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { callLimits } from './call-limits';
import type middy from '@middy/core';
import { timingSafeEqual } from 'node:crypto';
import { originVerifyHeader, originVerifySecretArnEnv, originVerifyValueEnv } from '@shared/deployment/manifest';
import type { ApiErrorBody } from '@shared/contract/http';

const CACHE_MS = 5 * 60 * 1000;

export const notThroughSiteMessage = 'Forbidden: this API answers only requests made through the site.';

let client: SecretsManagerClient | undefined;
let cached: { arn: string; at: number; value: Promise<string> } | undefined;

function expectedValue(): Promise<string> | undefined {
  const arn = process.env[originVerifySecretArnEnv];
  if (!arn) {
    const local = process.env[originVerifyValueEnv];
    return local ? Promise.resolve(local) : undefined;
  }
  if (!cached || cached.arn !== arn || Date.now() - cached.at > CACHE_MS) {
    client ??= new SecretsManagerClient(callLimits(3_000));
    const value = client.send(new GetSecretValueCommand({ SecretId: arn })).then((out) => out.SecretString ?? '');
    const entry = { arn, at: Date.now(), value };
    cached = entry;
    // A failed read must not be cached, or one throttled call would lock the function out until the TTL ends.
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return cached.value;
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
      const expected = expectedValue();
      if (expected === undefined) return;
      if (sameSecret(headerOf(request.event, originVerifyHeader), await expected)) return;
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
