/** The Lambda client, built once per container (AWS deployed, the local Lambda service via AWS_ENDPOINT_URL_LAMBDA). */
import { LambdaClient } from '@aws-sdk/client-lambda';

let client: LambdaClient | undefined;

/**
 * Short limits: the hand-off is on the visitor's request, and a hand-off that fails costs only a short wait (the
 * stored submission's lease) before the retry job delivers it, so it must never hold the answer for long.
 */
export function lambdaClient(): LambdaClient {
  client ??= new LambdaClient({ maxAttempts: 2, requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 } });
  return client;
}

export function resetLambdaClient(): void {
  client = undefined;
}
