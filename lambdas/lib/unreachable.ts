/**
 * Whether an error means an AWS service this request depends on could not be reached or could not answer right
 * now (as opposed to a bug or a refusal): the caller should try again in a moment, and nothing it asked for was
 * done. The HTTP layer answers these 503 instead of 500.
 */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const unavailableNames = new Set(['TimeoutError', 'CredentialsProviderError', 'ServiceUnavailable', 'ServiceUnavailableException', 'InternalServerError', 'RequestLimitExceeded', 'ThrottlingException', 'ProvisionedThroughputExceededException']);

interface SdkLikeError {
  readonly name?: string;
  readonly code?: string;
  readonly $fault?: string;
  readonly $metadata?: { readonly httpStatusCode?: number };
  readonly errors?: readonly unknown[];
  readonly cause?: unknown;
}

export function isServiceUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as SdkLikeError;
  if (e.code && networkCodes.has(e.code)) return true;
  if (e.name && unavailableNames.has(e.name)) return true;
  // An SDK error for a service-side failure (5xx), as opposed to a refusal of the request (4xx).
  if (e.$fault === 'server' || (e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  // Node's happy-eyeballs connect reports each address's failure in an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isServiceUnreachable(inner, depth + 1))) return true;
  return isServiceUnreachable(e.cause, depth + 1);
}
