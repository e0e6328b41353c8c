/**
 * The DynamoDB document client, built once per container. Deployed it reaches AWS; locally the emulator,
 * through AWS_ENDPOINT_URL_DYNAMODB. One module per client so a function bundles only the clients it uses.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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

/**
 * How many times a batch call (BatchWriteItem, BatchGetItem) is sent before what DynamoDB left unprocessed counts
 * as a failure, and the pause before each new attempt (50, 100, 200, 400 ms): a throttled table answers with
 * part of a batch unprocessed instead of an error, so a caller that does not send the rest again loses it.
 */
export const MAX_BATCH_ATTEMPTS = 5;
export const batchBackoff = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, 50 * 2 ** attempt));

/** One put or delete of a BatchWriteItem. */
export type BatchWriteRequest = { readonly PutRequest: { readonly Item: Record<string, unknown> } } | { readonly DeleteRequest: { readonly Key: Record<string, unknown> } };

/**
 * Writes every request to `table`, 25 to a BatchWriteItem (the service's limit), sending what comes back in
 * `UnprocessedItems` again after a pause. Throws, saying how many were left, when some are still unprocessed
 * after MAX_BATCH_ATTEMPTS: never a silent partial write.
 */
export async function batchWriteAll(docs: Pick<DynamoDBDocumentClient, 'send'>, table: string, requests: readonly BatchWriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_BATCH_ATTEMPTS) throw new Error(`BatchWriteItem left ${pending.length} of ${requests.length} writes to ${table} unprocessed after ${MAX_BATCH_ATTEMPTS} attempts`);
      if (attempt > 0) await batchBackoff(attempt - 1);
      const out = await docs.send(new BatchWriteCommand({ RequestItems: { [table]: pending as BatchWriteRequest[] } }));
      pending = (out.UnprocessedItems?.[table] ?? []) as BatchWriteRequest[];
    }
  }
}
