/** API Gateway HTTP API (payload 2.0) events for calling the marketplace handlers in-process, as Lambda would. */
import type { Context } from 'aws-lambda';
import type { RouteDef } from '../../../shared/backend';
import type { HttpEvent, HttpResult } from '../../../lambdas/lib/http';

export function httpEvent(
  route: RouteDef,
  body: string | undefined,
  opts: { headers?: Record<string, string>; base64?: boolean } = {},
): HttpEvent {
  const encoded = body !== undefined && opts.base64 ? Buffer.from(body, 'utf8').toString('base64') : body;
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: route.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...opts.headers },
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: route.method, path: route.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: crypto.randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    isBase64Encoded: Boolean(opts.base64),
    ...(encoded === undefined ? {} : { body: encoded }),
  } as HttpEvent;
}

export const lambdaContext = {
  functionName: 'test',
  awsRequestId: 'test',
  getRemainingTimeInMillis: () => 15_000,
} as unknown as Context;

type Handler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/** Calls a handler with a JSON body and answers its status and parsed body. */
export async function call(handler: Handler, route: RouteDef, body: unknown, opts: { headers?: Record<string, string>; base64?: boolean } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const result = await handler(httpEvent(route, raw, opts), lambdaContext);
  return { status: result.statusCode ?? 0, body: JSON.parse(result.body ?? 'null') as Record<string, unknown> };
}
