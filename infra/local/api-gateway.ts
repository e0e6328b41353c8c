/**
 * The local API Gateway (HTTP API, payload format 2.0): the routes of shared/deployment/manifest.ts under the same paths as
 * deployed, each request turned into the event API Gateway would hand the Lambda, with the route's throttle and
 * body limit, and a JWT authorizer on `user` routes that verifies tokens as the deployed one does. In front of the
 * routes it plays the distribution's part too: the WAF's refusal of a signed-in route's request without a
 * token, its per-client limits on every route (one count per client for each limit of
 * shared/deployment/manifest.ts `ClientLimits`) and the origin-check header CloudFront adds to every API request.
 *
 * In order, so that nothing one client sends spends another's budget: route match (404); a `user` route without a
 * token (401, counted nowhere, as the WAF refuses it before its rate rules); the client's own limit (429);
 * the token's check (401, before the route's shared throttle); the route's throttle (429); the body limit (413).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientLimitOf, clientLimitSetting, originVerifyHeader, deployedRoutes, type ClientLimitClass, type ClientLimits, type DeployedRouteDef } from '@shared/deployment/manifest';
import { needsSignIn, type RouteName } from '@shared/contract/api';
import { HandlerMissingError, HandlerTimeoutError, type FunctionHosts } from './function-hosts';
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

/** The token of the Authorization header, with or without `Bearer ` (as API Gateway's JWT authorizer takes it). */
function bearerToken(header: string | undefined): string | undefined {
  return (header ?? '').trim().replace(/^Bearer\s+/i, '').trim() || undefined;
}

export interface LocalApi {
  /** Answers the request if its path is an API path (`/api/...`); resolves false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

export function createLocalApi(opts: {
  hosts: Pick<FunctionHosts, 'invoke'>;
  /** Undefined until the user pool exists: `user` routes answer 503 until then. */
  authorizer: () => AccessTokenVerifier | undefined;
  log: (line: string) => void;
  /** Per-client limits on every route (the deployed WAF's rate-based rules); the local stack passes `localClientLimits`. */
  clientLimits?: ClientLimits;
  /** Test-only: count clients by X-Forwarded-For (see clientAddress). Off by default. */
  trustForwardedFor?: boolean;
  /** Added to every request in `originVerifyHeader`, as CloudFront adds it (lambdas/lib/origin-check.ts). */
  originVerify?: string;
}): LocalApi {
  const compiled = (Object.entries(deployedRoutes) as [RouteName, DeployedRouteDef][]).map(([name, def]) => compile(name, def));
  const limits = opts.clientLimits;
  const clients = limits
    ? (Object.fromEntries(
        (Object.entries(clientLimitSetting) as [ClientLimitClass, keyof ClientLimits][]).map(([limit, setting]) => [limit, new ClientWindows(limits[setting])]),
      ) as Record<ClientLimitClass, ClientWindows>)
    : undefined;

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
      const unauthorized = (description: string) =>
        reply(401, { message: 'Unauthorized' }, { 'www-authenticate': `Bearer error="invalid_token" error_description="${description}"` });
      const token = needsSignIn(route.def) ? bearerToken(req.headers.authorization) : undefined;
      // A signed-in route without a token is refused at the edge (the WAF's first rule), counted nowhere.
      if (needsSignIn(route.def) && !token) {
        unauthorized('the token is invalid');
        return true;
      }
      // The client's own limit next, as the WAF stands before API Gateway: a request refused here does not use
      // up the route's shared budget, so a flood from one client leaves room for everyone else.
      if (clients && !clients[clientLimitOf(route.name)].take(clientAddress(req, opts.trustForwardedFor ?? false))) {
        reply(429, { message: 'Too many requests' });
        return true;
      }
      let claims: Claims | undefined;
      if (needsSignIn(route.def)) {
        const verifier = opts.authorizer();
        if (!verifier) {
          reply(503, { message: 'Service Unavailable' });
          return true;
        }
        // Before the route's throttle: a made-up token spends nobody's budget but its sender's own limit.
        try {
          claims = await verifier.verify(token ?? '');
        } catch (error) {
          unauthorized(error instanceof Error && /expired/.test(error.message) ? 'the token has expired' : 'the token is invalid');
          return true;
        }
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
        const result = await opts.hosts.invoke(route.def.fn, event);
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
