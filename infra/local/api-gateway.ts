/**
 * The local API Gateway (HTTP API, payload format 2.0): the deployedRoutes of shared/deployment/manifest.ts under the same paths as
 * deployed, each request turned into the event API Gateway would hand the Lambda, with the route's throttle and
 * body limit, and a JWT authorizer on `user` deployedRoutes that verifies tokens as the deployed one does. In front of the
 * deployedRoutes it plays the distribution's part too: the per-client limit on the write deployedRoutes (the WAF's rate-based rule,
 * shared/deployment/manifest.ts `ClientLimits`) and the origin-check header CloudFront adds to every API request.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { originVerifyHeader, deployedRoutes, writeRoutes, type ClientLimits, type DeployedRouteDef } from '@shared/deployment/manifest';
import { needsSignIn, type RouteName } from '@shared/contract/api';
import { HandlerMissingError, HandlerTimeoutError, type Handlers } from './handlers';
import { BodyTooLargeError, readBody, sendJson } from './net';
import { toHttpEvent, writeResult } from './api-event';
import { ClientWindows, clientAddress, TokenBucket } from './limits';
import type { AccessTokenVerifier, Claims } from './tokens';

/** The limits live in their own module; the local stack's tests reach them through this one. */
export { ClientWindows, clientWindowMs, TokenBucket } from './limits';

interface CompiledRoute {
  name: RouteName;
  def: DeployedRouteDef;
  pattern: RegExp;
  params: string[];
  bucket: TokenBucket;
}

function compile(name: RouteName, def: DeployedRouteDef): CompiledRoute {
  const params: string[] = [];
  const source = def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, p: string) => {
    params.push(p);
    return '([^/]+)';
  });
  return { name, def, pattern: new RegExp(`^${source}/?$`), params, bucket: new TokenBucket(def.throttle.rate, def.throttle.burst) };
}

export interface LocalApi {
  /** Answers the request if its path is an API path (`/api/...`); resolves false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

export function createLocalApi(opts: {
  handlers: Pick<Handlers, 'invoke'>;
  /** Undefined until the user pool exists: `user` deployedRoutes answer 503 until then. */
  authorizer: () => AccessTokenVerifier | undefined;
  log: (line: string) => void;
  /** Per-client limit on the write deployedRoutes (the deployed WAF's rule); the local stack passes `localClientLimits`. */
  clientLimits?: ClientLimits;
  /** Test-only: count clients by X-Forwarded-For (see clientAddress). Off by default. */
  trustForwardedFor?: boolean;
  /** Added to every request in `originVerifyHeader`, as CloudFront adds it (lambdas/lib/origin-check.ts). */
  originVerify?: string;
}): LocalApi {
  const compiled = (Object.entries(deployedRoutes) as [RouteName, DeployedRouteDef][]).map(([name, def]) => compile(name, def));
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
      if (needsSignIn(route.def)) {
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
