/**
 * Calling a Lambda handler in-process as API Gateway's HTTP API (payload 2.0) and Lambda would: the event,
 * a context, and a call that answers the status and the parsed JSON body. For unit tests with fakes and for
 * integration tests against the local stack alike (nothing here needs the stack).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { originVerifyHeader, originVerifyValueEnv, userPool } from '@shared/deployment/manifest';
import { type RouteDef } from '@shared/contract/api';
import type { HttpEvent, HttpResult } from '../../lambdas/lib/http';

export interface EventOptions {
  readonly headers?: Record<string, string>;
  /** Query string parameters (GET routes), also written into rawQueryString. */
  readonly query?: Record<string, string>;
  /** The body base64-encoded, as API Gateway passes bodies it does not take for text (Stripe's webhook). */
  readonly base64?: boolean;
  /** The verified token's claims, as the JWT authorizer passes them on `user` routes. */
  readonly claims?: Record<string, string>;
  /** The browser's cookies (`name=value`), as payload 2.0 lists them. */
  readonly cookies?: readonly string[];
}

type Route = Pick<RouteDef, 'method' | 'path'>;

/**
 * The event for one request to `route`. `body`: a string is sent as it is, anything else as JSON, undefined
 * sends none. A request with a body carries content-type JSON and its content-length, as a browser's does;
 * `headers` override them.
 */
export function httpEvent(route: Route, body?: unknown, opts: EventOptions = {}): HttpEvent {
  const raw = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const routeKey = `${route.method} ${route.path}`;
  const query = Object.entries(opts.query ?? {});
  return {
    version: '2.0',
    routeKey,
    rawPath: route.path,
    rawQueryString: query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
    ...(opts.query ? { queryStringParameters: { ...opts.query } } : {}),
    headers: {
      ...(raw === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(raw)) }),
      // What the distribution (and the local API) adds to every request, when a local stack's value is set.
      ...(process.env[originVerifyValueEnv] ? { [originVerifyHeader]: process.env[originVerifyValueEnv] } : {}),
      ...opts.headers,
    },
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: route.method, path: route.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      // An access token's, as the authorizer lets through (claims may say otherwise, e.g. an ID token's token_use).
      ...(opts.claims ? { authorizer: { jwt: { claims: { token_use: 'access', ...opts.claims }, scopes: [userPool.signedInScope] } } } : {}),
    },
    ...(opts.cookies ? { cookies: [...opts.cookies] } : {}),
    isBase64Encoded: raw !== undefined && Boolean(opts.base64),
    ...(raw === undefined ? {} : { body: opts.base64 ? Buffer.from(raw, 'utf8').toString('base64') : raw }),
  };
}

/** A Lambda context with a minute to go (the delivery retry reads the remaining time). */
export const lambdaContext = {
  functionName: 'test',
  awsRequestId: 'test',
  getRemainingTimeInMillis: () => 60_000,
} as unknown as Context;

type Handler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/** Calls a handler with one request and answers its status and parsed JSON body (null when it sent none). */
export async function call(handler: Handler, route: Route, body?: unknown, opts: EventOptions = {}) {
  const result = await handler(httpEvent(route, body, opts), lambdaContext);
  return { status: result.statusCode ?? 0, body: JSON.parse(result.body ?? 'null') as Record<string, unknown> };
}

/** `call`, plus the cookies the answer sets (`Set-Cookie`, as payload 2.0 returns them). */
export async function callWithCookies(handler: Handler, route: Route, body?: unknown, opts: EventOptions = {}) {
  const result = await handler(httpEvent(route, body, opts), lambdaContext);
  return { status: result.statusCode ?? 0, body: JSON.parse(result.body ?? 'null') as Record<string, unknown>, setCookies: result.cookies ?? [] };
}

/** The `name=value` pair of a Set-Cookie line, as the browser sends it back. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0] as string;
}
