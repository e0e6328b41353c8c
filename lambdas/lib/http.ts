/**
 * The thin HTTP layer every API handler uses: parse, validate, call, answer.
 *
 * A handler is `httpHandler(deployedRoutes.x, schema, async ({ body, userId }) => ok(result))`. Before the domain
 * code runs, this layer answers bad requests itself: 413 for bodies over the route's limit, 415 for a non-JSON
 * content type, 400 for malformed JSON and for anything the shared zod schema refuses (with the same
 * per-field messages the form shows). Domain code reports its expected failures as a DomainError whose kind
 * is answered with a status here, in one place. Only unexpected failures become 500, and they are logged.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from '@shared/contract/schemas/zod';
import type { DeployedRouteDef } from '@shared/deployment/manifest';
import type { ApiErrorBody } from '@shared/contract/http';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import { DomainError, type DomainErrorKind } from '../domain/errors';
import { lambdaHandler } from './lambda';
import { logger } from './logger';
import { originCheck } from './origin-check';
import { isServiceUnreachable } from './unreachable';

/** The event API Gateway (and the local API server) hands a route; `authorizer` is present on `user` routes. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims: Record<string, string | number | boolean | string[]>; scopes?: string[] } };
  };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** The status each kind of domain failure is answered with. */
const statusOfKind: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflicting: 422,
  'rate-limited': 429,
  'upstream-failed': 502,
  // Not 4xx, so a caller that retries (Stripe) keeps trying until the operator has set it up.
  unavailable: 503,
};

/** The answer when a service the request needs could not be reached (see ./unreachable.ts). */
export const serviceUnavailableMessage = 'The service is briefly unavailable. Nothing was saved; please try again in a moment.';

/** A failure of the HTTP request itself (size, content type, JSON, authorization), found before domain code runs. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export const ok = (body: unknown): HttpResult => json(200, body);
export const created = (body: unknown): HttpResult => json(201, body);

export function errorResult(status: number, message: string, fieldErrors?: Record<string, string[]>): HttpResult {
  const body: ApiErrorBody = fieldErrors ? { message, fieldErrors } : { message };
  return json(status, body);
}

/** zod issues -> `{ field: [messages] }`, keyed by the top-level field the form knows. */
function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  // A Map, not `{}`: a refused key may be `__proto__` or `constructor`, which a plain object already "has".
  const out = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    out.set(key, [...(out.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(out);
}

/**
 * The groups of a verified access token's `cognito:groups` claim. API Gateway's JWT authorizer hands list claims
 * over as one string, `[staff admins]` (the local API does the same); a direct invocation may pass the list.
 * Group names cannot contain spaces or brackets, so splitting is exact: `[staffing]` is not `staff`.
 */
export function tokenGroups(claims: Record<string, unknown> | undefined): string[] {
  const value = claims?.['cognito:groups'];
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  if (typeof value !== 'string') return [];
  const inner = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  return inner.split(/[\s,]+/).filter(Boolean);
}

/** The answer when the session behind a signed-in request is refused (see SessionCheck). */
export interface SessionRefusal {
  readonly status: 401 | 403;
  readonly message: string;
}

/**
 * Checks with Cognito that the session behind a signed-in request is live (lambdas/composition/sessions.ts):
 * answers a refusal, or undefined to let the request through.
 */
export type SessionCheck = (input: { readonly token: string; readonly route: DeployedRouteDef }) => Promise<SessionRefusal | undefined>;

/**
 * The routes whose requests must come from a live session: every staff route and every signed-in write. The JWT
 * authorizer only proves a token was issued and has not expired: an account erased or deleted since, or signed out
 * everywhere, keeps valid tokens for up to an hour. A read by such a token finds nothing of theirs.
 */
export function needsLiveSession(route: Pick<DeployedRouteDef, 'access' | 'method'>): boolean {
  return route.access === 'staff' || (route.access === 'user' && route.method !== 'GET');
}

interface HttpInput<T> {
  readonly body: T;
  readonly event: HttpEvent;
  /** The Cognito `sub` of the verified access token (only on `user` routes). */
  readonly userId: string | undefined;
  readonly headers: Record<string, string | undefined>;
  readonly context: Context;
}

function header(event: HttpEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  const found = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return found === undefined ? undefined : headers[found];
}

/** The exact bytes the client sent (API Gateway hands bodies it does not take for text base64-encoded). */
export function rawBody(event: HttpEvent): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/**
 * No schema of ours nests deeper than a few levels; a body nested deeper is refused before it is parsed, so a
 * hostile `[[[[...]]]]` (or one hidden under an extra key a schema would drop) costs one scan and never reaches
 * JSON.parse, zod or a log line.
 */
const MAX_JSON_DEPTH = 32;

/** Whether `text` opens more than `max` arrays/objects at once (strings skipped; malformed JSON is JSON.parse's). */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Parses and checks the request as the route and schema demand; throws HttpError for the visitor's mistakes. */
function parseRequest<S extends z.ZodMiniType>(route: DeployedRouteDef, schema: S | null, event: HttpEvent): z.infer<S> {
  const bytes = rawBody(event);
  const declaredLength = Number(header(event, 'content-length') ?? NaN);
  const length = Number.isFinite(declaredLength) ? declaredLength : bytes.byteLength;
  if (length > route.maxBodyBytes || bytes.byteLength > route.maxBodyBytes) {
    throw new HttpError(413, `Request body too large (at most ${route.maxBodyBytes} bytes).`);
  }
  if (schema === null) return undefined as z.infer<S>;
  if (route.method === 'GET' || route.method === 'DELETE') {
    const parsed = schema.safeParse(event.queryStringParameters ?? {});
    if (!parsed.success) throw new HttpError(400, 'Please check the highlighted fields.', fieldErrorsOf(parsed.error));
    return parsed.data;
  }
  const contentType = (header(event, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') {
    throw new HttpError(415, 'Content-Type must be application/json.');
  }
  const text = bytes.toString('utf8');
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) throw new HttpError(400, 'The request body is nested too deeply.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'Please check the highlighted fields.', fieldErrorsOf(parsed.error));
  return parsed.data;
}

/**
 * Wraps domain code as an API Gateway handler. `schema` validates the JSON body (or the query string on GET);
 * pass `null` for routes without input.
 */
export function httpHandler<S extends z.ZodMiniType>(
  route: DeployedRouteDef,
  schema: S | null,
  fn: (input: HttpInput<z.infer<S>>) => Promise<HttpResult>,
  options: { readonly session?: SessionCheck } = {},
) {
  // A route that needs a live session cannot be built without its check (a deploy-time mistake, not a request's).
  if (needsLiveSession(route) && !options.session) throw new Error(`${route.method} ${route.path} needs a session check (lambdas/composition/sessions.ts)`);
  // Every route refuses requests that skipped the site (origin check) before anything else runs.
  return lambdaHandler<HttpEvent, HttpResult>(route.fn, [originCheck<HttpEvent, HttpResult>()], async (event, context) => {
    try {
      // Who is calling comes first: a caller who may not use the route learns nothing of its input rules.
      const claims = event.requestContext.authorizer?.jwt?.claims;
      const userId = typeof claims?.sub === 'string' ? claims.sub : undefined;
      if (route.access !== 'public' && !userId) throw new HttpError(401, 'Unauthorized');
      // Only access tokens, whatever the authorizer let through: an ID token carries the same sub and groups.
      if (route.access !== 'public' && claims?.token_use !== 'access') throw new HttpError(401, 'Unauthorized');
      // Only a token the authorizer verified reaches this point with claims; the group is in the signed token,
      // so no header, query or body can add it.
      if (route.access === 'staff' && !tokenGroups(claims).includes(STAFF_GROUP)) {
        throw new HttpError(403, 'This is for staff only. Ask an operator to add you to the staff group.');
      }
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(event.headers ?? {})) headers[k.toLowerCase()] = v;
      if (options.session && needsLiveSession(route)) {
        const token = bearerToken(headers);
        const refusal = token ? await options.session({ token, route }) : { status: 401 as const, message: 'Unauthorized' };
        if (refusal) throw new HttpError(refusal.status, refusal.message);
      }
      const body = parseRequest(route, schema, event);
      return await fn({ body, event, userId, headers, context });
    } catch (error) {
      if (error instanceof DomainError) {
        const status = statusOfKind[error.kind];
        const data = { route: route.path, kind: error.kind, error: error.message, cause: String(error.cause ?? '') };
        if (status >= 500) logger.warn('request refused', data);
        else logger.info('request refused', data);
        return errorResult(status, error.message, error.fieldErrors ? { ...error.fieldErrors } : error.field ? { [error.field]: [error.message] } : undefined);
      }
      if (error instanceof HttpError) {
        if (error.status >= 500) logger.error('request failed', { route: route.path, error });
        return errorResult(error.status, error.message, error.fieldErrors);
      }
      // A table, bucket or mail service that cannot be reached: nothing was done, and the visitor can retry.
      if (isServiceUnreachable(error)) {
        logger.warn('request refused', { route: route.path, kind: 'unavailable', error: String(error) });
        return errorResult(503, serviceUnavailableMessage);
      }
      logger.error('unexpected failure', { route: route.path, error: error as Error });
      return errorResult(500, 'Something went wrong. Please try again later.');
    }
  });
}

type RouteFunction = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/**
 * One function serving several routes (e.g. the purchases function): each request goes to the handler of its
 * route, told apart by API Gateway's route key (`POST /api/account/purchases`), as the local API sets it too.
 */
export function routesHandler(fn: DeployedRouteDef['fn'], handlers: readonly (readonly [DeployedRouteDef, RouteFunction])[]) {
  const byKey = new Map(handlers.map(([route, handle]) => [`${route.method} ${route.path}`, handle]));
  return lambdaHandler<HttpEvent, HttpResult>(fn, [], async (event, context) => {
    const method = event.requestContext?.http?.method?.toUpperCase() ?? '';
    const handle = byKey.get(event.routeKey) ?? byKey.get(`${method} ${event.rawPath}`);
    return handle ? handle(event, context) : errorResult(404, 'Not Found');
  });
}

/** The bearer token of a `user` route's request: the one API Gateway's JWT authorizer verified. */
export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const token = headers.authorization?.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}
