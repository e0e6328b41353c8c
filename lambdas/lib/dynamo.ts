/**
 * The DynamoDB document client, built once per container. Deployed it reaches AWS; locally the emulator,
 * through AWS_ENDPOINT_URL_DYNAMODB. One module per client so a function bundles only the clients it uses.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let client: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}

export function resetDynamo(): void {
  client = undefined;
}
