/**
 * The DynamoDB document client, built once per container. Deployed it reaches AWS; locally the emulator,
 * through AWS_ENDPOINT_URL_DYNAMODB. One module per client so a function bundles only the clients it uses.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { callLimits } from './call-limits';

let client: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  // A single-item read or write answers in milliseconds: a service silent for 2 s is not answering.
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient(callLimits(2_000)), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}

export function resetDynamo(): void {
  client = undefined;
}
