/** The Lambda client, built once per container (AWS deployed, the local Lambda service via AWS_ENDPOINT_URL_LAMBDA). */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { callLimits } from './call-limits';

let client: LambdaClient | undefined;

/**
 * Short limits: the hand-off is on the visitor's request, and a hand-off that fails costs only a short wait (the
 * stored submission's lease) before the retry job delivers it, so it must never hold the answer for long: two
 * attempts of a second each (an asynchronous Invoke answers 202 in milliseconds).
 */
export function lambdaClient(): LambdaClient {
  client ??= new LambdaClient(callLimits(1_000, 2));
  return client;
}

export function resetLambdaClient(): void {
  client = undefined;
}
