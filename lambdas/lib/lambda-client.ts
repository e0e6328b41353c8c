/** The Lambda client, built once per container (AWS deployed, the local Lambda service via AWS_ENDPOINT_URL_LAMBDA). */
import { LambdaClient } from '@aws-sdk/client-lambda';

let client: LambdaClient | undefined;

export function lambdaClient(): LambdaClient {
  client ??= new LambdaClient({});
  return client;
}

export function resetLambdaClient(): void {
  client = undefined;
}
