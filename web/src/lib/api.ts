/**
 * The one way the web app calls its API. Paths and access come from the API contract (shared/contract/api.ts, the
 * web's only view of the API: lint keeps the deployment manifest out of the web app), errors arrive in the
 * shared ApiErrorBody shape and surface as ApiError (status, message, per-field messages). Error toasts take
 * their text from `toastMessage`: the server's own message, else the screen's fallback (spec 000_87e5fbf87b6c3f39.txt §8).
 */
import { needsSignIn, type RouteDef } from '@shared/contract/api';
import { IDEMPOTENCY_HEADER, type ApiErrorBody } from '@shared/contract/http';
import { loadConfig } from './config';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** What the server itself said, if anything; `message` always says something (for logs and error pages). */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The text of an error toast (spec 000_87e5fbf87b6c3f39.txt §8, e.g. Payment: "error message from the function, or 'Payment
 * error'"): the message the server answered, else `fallback`. Texts the client made up itself (an unreachable
 * server, a status code) are not the server's message, so the screen's fallback shows instead.
 */
export function toastMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** An error answer's own message: our functions send `message`; other senders (and older functions) `error`. */
function messageOfBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const key of ['message', 'error'] as const) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

type TokenProvider = () => Promise<string | undefined>;
let accessToken: TokenProvider = async () => undefined;

/** The accounts feature registers how to get the current access token (signed-in routes send it). */
export function setAccessTokenProvider(provider: TokenProvider): void {
  accessToken = provider;
}

/** The headers a route needs to be called by hand (a signed-in route's access token), for answers that are not JSON (a file). */
export async function authHeaders(route: RouteDef): Promise<Record<string, string>> {
  if (!needsSignIn(route)) return {};
  const token = await accessToken();
  if (!token) throw new ApiError(401, 'Please sign in again.');
  return { authorization: `Bearer ${token}` };
}

interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The query string of a GET route (empty values are left out). */
  query?: Readonly<Record<string, string | number | undefined>>;
}

function queryString(query: CallOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function callApi<T>(route: RouteDef, body?: unknown, options: CallOptions = {}): Promise<T> {
  const config = await loadConfig();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (needsSignIn(route)) {
    const token = await accessToken();
    if (!token) throw new ApiError(401, 'Please sign in again.');
    headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${route.path}${queryString(options.query)}`, {
      method: route.method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const serverMessage = messageOfBody(data);
    const fieldErrors = (data as Partial<ApiErrorBody> | undefined)?.fieldErrors ?? {};
    throw new ApiError(response.status, serverMessage ?? `Request failed (${response.status})`, fieldErrors, serverMessage);
  }
  return data as T;
}

/** What a stored submission is answered with: its id. */
export interface SubmissionCreated {
  readonly id: string;
}

/**
 * Sends one form submission (a demo request, a contact message, an idea) under the attempt's id as its idempotency
 * key, which the server keeps as the submission's id: a double click, a request the network repeats or a retry of
 * the same attempt stores one submission, not two.
 */
export function sendSubmission<T = SubmissionCreated>(route: RouteDef, submissionId: string, body: unknown): Promise<T> {
  return callApi<T>(route, body, { headers: { [IDEMPOTENCY_HEADER]: submissionId } });
}
