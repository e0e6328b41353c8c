/**
 * The one way the web app calls its API. Paths and access come from shared/backend.ts, errors arrive in the
 * shared ApiErrorBody shape and surface as ApiError (status, message, per-field messages).
 */
import type { RouteDef } from '../../../shared/backend';
import type { ApiErrorBody } from '../../../shared/http';
import { loadConfig } from './config';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type TokenProvider = () => Promise<string | undefined>;
let accessToken: TokenProvider = async () => undefined;

/** The accounts feature registers how to get the current access token (signed-in routes send it). */
export function setAccessTokenProvider(provider: TokenProvider): void {
  accessToken = provider;
}

interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function callApi<T>(route: RouteDef, body?: unknown, options: CallOptions = {}): Promise<T> {
  const config = await loadConfig();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (route.access === 'user') {
    const token = await accessToken();
    if (!token) throw new ApiError(401, 'Please sign in again.');
    headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${route.path}`, {
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
    const err = (data ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(response.status, err.message ?? `Request failed (${response.status})`, err.fieldErrors ?? {});
  }
  return data as T;
}
