/**
 * The local API Gateway (HTTP API, payload format 2.0): the routes of shared/deployment/manifest.ts under the same paths as
 * deployed, each request turned into the event API Gateway would hand the Lambda, with the route's throttle and
 * body limit, and a JWT authorizer on `user` routes that verifies tokens as the deployed one does. In front of the
 * routes it plays the distribution's part too: the per-client limit on the write routes (the WAF's rate-based rule,
 * shared/deployment/manifest.ts `ClientLimits`) and the origin-check header CloudFront adds to every API request.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  originVerifyHeader,
  routes,
  writeRoutes,
  type ClientLimits,
  type RouteDef,
  type RouteName,
} from '@shared/deployment/manifest';
import { HandlerMissingError, HandlerTimeoutError, type Handlers } from './handlers';
import { BodyTooLargeError, readBody, sendJson } from './net';
import type { AccessTokenVerifier, Claims } from './tokens';

/** Token bucket per route: `burst` requests at once, refilled at `rate` per second (API Gateway's model). */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** WAF's rate-based rules count over five minutes. */
export const clientWindowMs = 5 * 60 * 1000;

/**
 * Requests per client in fixed five-minute windows (WAF counts a sliding five minutes; either way one client
 * is held to the limit and no other client is affected). Old windows are dropped as they pass.
 */
export class ClientWindows {
  private readonly counts = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = clientWindowMs,
  ) {}

  take(client: string, now = Date.now()): boolean {
    let entry = this.counts.get(client);
    if (!entry || now - entry.start >= this.windowMs) {
      if (this.counts.size > 10_000) for (const [k, v] of this.counts) if (now - v.start >= this.windowMs) this.counts.delete(k);
      entry = { start: now, count: 0 };
      this.counts.set(client, entry);
    }
    if (entry.count >= this.limit) return false;
    entry.count += 1;
    return true;
  }
}

/**
 * Who sent a request: the connection's address, as WAF sees the viewer's. `trustForwardedFor` (a test-only stack
 * option, for benchmarks that play many visitors from one machine) takes the first X-Forwarded-For address
 * instead; without it any caller could claim to be someone else and escape the limit.
 */
function clientAddress(req: IncomingMessage, trustForwardedFor: boolean): string {
  if (trustForwardedFor) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

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

interface CompiledRoute {
  name: RouteName;
  def: RouteDef;
  pattern: RegExp;
  params: string[];
  bucket: TokenBucket;
}

function compile(name: RouteName, def: RouteDef): CompiledRoute {
  const params: string[] = [];
  const source = def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, p: string) => {
    params.push(p);
    return '([^/]+)';
  });
  return { name, def, pattern: new RegExp(`^${source}/?$`), params, bucket: new TokenBucket(def.throttle.rate, def.throttle.burst) };
}

function clf(date: Date): string {
  // API Gateway's requestContext.time: 12/Mar/2020:19:03:58 +0000
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())} +0000`;
}

function toHttpEvent(opts: {
  req: IncomingMessage;
  url: URL;
  body: Buffer;
  route: RouteDef;
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
    (event.requestContext as unknown as Record<string, unknown>).authorizer = { jwt: { claims, scopes: null } };
  }
  return event;
}

/** A handler's answer as API Gateway sends it on: structured results as given, anything else as a JSON body. */
function writeResult(res: ServerResponse, result: unknown, requestId: string): void {
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

export interface LocalApi {
  /** Answers the request if its path is an API path (`/api/...`); resolves false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

export function createLocalApi(opts: {
  handlers: Pick<Handlers, 'invoke'>;
  /** Undefined until the user pool exists: `user` routes answer 503 until then. */
  authorizer: () => AccessTokenVerifier | undefined;
  log: (line: string) => void;
  /** Per-client limit on the write routes (the deployed WAF's rule); the local stack passes `localClientLimits`. */
  clientLimits?: ClientLimits;
  /** Test-only: count clients by X-Forwarded-For (see clientAddress). Off by default. */
  trustForwardedFor?: boolean;
  /** Added to every request in `originVerifyHeader`, as CloudFront adds it (lambdas/lib/origin-check.ts). */
  originVerify?: string;
}): LocalApi {
  const compiled = (Object.entries(routes) as [RouteName, RouteDef][]).map(([name, def]) => compile(name, def));
  const limited = new Set<RouteName>(writeRoutes);
  const clients = opts.clientLimits ? new ClientWindows(opts.clientLimits.writeRequestsPer5MinPerIp) : undefined;

  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://local');
      if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') return false;
      const started = Date.now();
      const requestId = randomUUID();
      const method = req.method ?? 'GET';
      const done = (status: number) => opts.log(`${method} ${url.pathname} -> ${status} (${Date.now() - started} ms)`);
      let match: { route: CompiledRoute; params: Record<string, string> } | undefined;
      for (const route of compiled) {
        if (route.def.method !== method) continue;
        const m = route.pattern.exec(url.pathname);
        if (!m) continue;
        match = { route, params: Object.fromEntries(route.params.map((p, i) => [p, decodeURIComponent(m[i + 1] as string)])) };
        break;
      }
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        req.resume();
        sendJson(res, status, body, { 'apigw-requestid': requestId, ...headers });
        done(status);
      };
      if (!match) {
        reply(404, { message: 'Not Found' });
        return true;
      }
      const { route, params } = match;
      // The client's own limit first, as the WAF stands before API Gateway: a request refused here does not use
      // up the route's shared budget, so a flood from one client leaves room for everyone else.
      if (clients && limited.has(route.name) && !clients.take(clientAddress(req, opts.trustForwardedFor ?? false))) {
        reply(429, { message: 'Too many requests' });
        return true;
      }
      if (!route.bucket.take()) {
        reply(429, { message: 'Too many requests' });
        return true;
      }
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > route.def.maxBodyBytes) {
        reply(413, { message: `Request body too large (at most ${route.def.maxBodyBytes} bytes).` });
        return true;
      }
      let claims: Claims | undefined;
      if (route.def.access === 'user') {
        const verifier = opts.authorizer();
        const header = req.headers.authorization ?? '';
        const token = header.replace(/^Bearer\s+/i, '').trim();
        if (!verifier) {
          reply(503, { message: 'Service Unavailable' });
          return true;
        }
        try {
          if (!token) throw new Error('no token');
          claims = await verifier.verify(token);
        } catch (error) {
          const description = error instanceof Error && /expired/.test(error.message) ? 'the token has expired' : 'the token is invalid';
          reply(401, { message: 'Unauthorized' }, { 'www-authenticate': `Bearer error="invalid_token" error_description="${description}"` });
          return true;
        }
      }
      let body: Buffer;
      try {
        body = await readBody(req, route.def.maxBodyBytes);
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          reply(413, { message: `Request body too large (at most ${route.def.maxBodyBytes} bytes).` });
          return true;
        }
        throw error;
      }
      const event = toHttpEvent({ req, url, body, route: route.def, pathParameters: params, claims, requestId });
      // CloudFront's origin custom header replaces whatever the viewer sent under that name.
      if (opts.originVerify !== undefined) event.headers[originVerifyHeader] = opts.originVerify;
      try {
        const result = await opts.handlers.invoke(route.def.fn, event);
        writeResult(res, result, requestId);
        done(res.statusCode);
      } catch (error) {
        if (error instanceof HandlerMissingError) {
          reply(501, { message: error.message });
        } else if (error instanceof HandlerTimeoutError) {
          // A Lambda that runs out of time is a failed invocation: API Gateway answers 500.
          console.error(`[api] ${error.message}`);
          reply(500, { message: 'Internal Server Error' });
        } else {
          // What API Gateway answers when the Lambda throws; the cause goes to this terminal, as to CloudWatch.
          console.error(`[api] ${route.def.fn} (${route.def.method} ${route.def.path}) threw:`, error);
          reply(500, { message: 'Internal Server Error' });
        }
      }
      return true;
    },
  };
}
