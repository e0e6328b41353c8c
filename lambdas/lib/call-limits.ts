/**
 * How long a function waits on an AWS service before giving up on a call: the connection within a second, each
 * attempt within `requestTimeoutMs`, over the SDK's attempts. Without limits a service that accepts the
 * connection and never answers holds the visitor until the function's own timeout, and API Gateway then answers
 * a bare 5xx; with them the call fails with a TimeoutError, which the HTTP layer answers 503 "please try again"
 * (./unreachable.ts), well inside every function's timeout (shared/deployment/manifest/functions.ts).
 *
 * `throwOnRequestTimeout`: without it the SDK's HTTP handler only logs a warning when `requestTimeout` passes
 * and goes on waiting.
 */
export function callLimits(requestTimeoutMs: number, maxAttempts = 3) {
  return { maxAttempts, requestHandler: { connectionTimeout: 1_000, requestTimeout: requestTimeoutMs, throwOnRequestTimeout: true } };
}
