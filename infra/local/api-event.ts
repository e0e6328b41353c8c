/** API Gateway's payload format 2.0, both ways: the event a request becomes, and how a Lambda's answer is sent on. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { DeployedRouteDef } from '@shared/deployment/manifest';
import type { Claims } from './tokens';

/** Content types API Gateway passes as text; everything else reaches the Lambda base64-encoded. */
function isTextContentType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!type) return true;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/graphql'
  );
}

function clf(date: Date): string {
  // API Gateway's requestContext.time: 12/Mar/2020:19:03:58 +0000
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())} +0000`;
}

export function toHttpEvent(opts: {
  req: IncomingMessage;
  url: URL;
  body: Buffer;
  route: DeployedRouteDef;
  pathParameters?: Record<string, string>;
  claims?: Claims;
  requestId: string;
}): APIGatewayProxyEventV2 {
  const { req, url, body, route } = opts;
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const k = key.toLowerCase();
    const v = Array.isArray(value) ? value.join(',') : value;
    // Payload 2.0 moves cookies out of the headers into their own list.
    if (k === 'cookie') cookies = v.split(/;\s*/).filter(Boolean);
    else headers[k] = v;
  }
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${sourceIp}` : sourceIp;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-port'] ??= String(req.socket.localPort ?? '');
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const text = isTextContentType(headers['content-type']);
  const now = new Date();
  const routeKey = `${route.method} ${route.path}`;
  const host = headers.host ?? 'localhost';
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: opts.requestId,
      routeKey,
      stage: '$default',
      time: clf(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: body.length > 0 && !text,
  };
  if (cookies) event.cookies = cookies;
  if (Object.keys(query).length) event.queryStringParameters = query;
  if (opts.pathParameters && Object.keys(opts.pathParameters).length) event.pathParameters = opts.pathParameters;
  if (body.length > 0) event.body = text ? body.toString('utf8') : body.toString('base64');
  if (opts.claims) {
    // API Gateway hands claims over as strings (numbers too); lists come as "[a b]".
    const claims: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.claims)) {
      if (v === undefined || v === null) continue;
      claims[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    // The token's scopes, as API Gateway passes them on routes with authorization scopes.
    const scopes = typeof opts.claims.scope === 'string' ? opts.claims.scope.split(' ') : null;
    (event.requestContext as unknown as Record<string, unknown>).authorizer = { jwt: { claims, scopes } };
  }
  return event;
}

/** A handler's answer as API Gateway sends it on: structured results as given, anything else as a JSON body. */
export function writeResult(res: ServerResponse, result: unknown, requestId: string): void {
  let structured: APIGatewayProxyStructuredResultV2;
  if (result && typeof result === 'object' && 'statusCode' in result) {
    structured = result as APIGatewayProxyStructuredResultV2;
  } else {
    structured = {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: typeof result === 'string' ? result : JSON.stringify(result ?? null),
    };
  }
  const headers: Record<string, string | number | string[]> = { 'apigw-requestid': requestId };
  for (const [k, v] of Object.entries(structured.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body = structured.body === undefined ? Buffer.alloc(0) : Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8');
  headers['content-length'] = body.length;
  headers['content-type'] ??= 'application/json';
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(body);
}
