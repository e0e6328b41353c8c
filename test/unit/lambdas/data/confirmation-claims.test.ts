/**
 * An erasure deletes a person's confirmation claims with BatchWriteItem, which under throttling answers with part
 * of the batch in `UnprocessedItems` instead of an error: those are sent again until none is left, and when some
 * still are after the last attempt the removal fails (so the erasure cannot report done with claims left behind).
 * The document client's `send` is a test double: DynamoDB's throttling cannot be provoked on the local stand-in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableEnvName } from '@shared/deployment/manifest';
import { confirmationClaims } from '../../../../lambdas/data/confirmation-claims';
import { dynamo, MAX_BATCH_ATTEMPTS, resetDynamo } from '../../../../lambdas/lib/dynamo';

const TABLE = 'agency-test-confirmationClaims';
const deleteOf = (claim: string) => ({ DeleteRequest: { Key: { claim } } });

/** What each BatchWriteItem asked to delete, and a send that answers `answers` in turn (the last one repeats). */
function batchWrites(answers: ((requests: unknown[]) => unknown)[]) {
  const sent: unknown[][] = [];
  vi.spyOn(dynamo(), 'send').mockImplementation((async (command: BatchWriteCommand) => {
    const requests = command.input.RequestItems?.[TABLE] ?? [];
    sent.push(requests);
    return (answers[Math.min(sent.length - 1, answers.length - 1)] as (r: unknown[]) => unknown)(requests);
  }) as never);
  return sent;
}

beforeEach(() => {
  process.env[tableEnvName('confirmationClaims')] = TABLE;
  process.env.AWS_REGION ??= 'us-east-1';
});
afterEach(() => {
  vi.restoreAllMocks();
  resetDynamo();
});

describe('confirmationClaims.remove', () => {
  it('sends the items DynamoDB left unprocessed again until every claim is deleted', async () => {
    const keys = Array.from({ length: 27 }, (_, i) => `claim-${i}`);
    // The first batch of 25 comes back with two unprocessed; everything after is processed.
    const sent = batchWrites([(requests) => ({ UnprocessedItems: { [TABLE]: requests.slice(0, 2) } }), () => ({ UnprocessedItems: {} })]);
    await confirmationClaims.remove(keys);
    expect(sent).toEqual([keys.slice(0, 25).map(deleteOf), keys.slice(0, 2).map(deleteOf), keys.slice(25).map(deleteOf)]);
  });

  it('fails, saying how many were left, when some are still unprocessed after the last attempt', async () => {
    const sent = batchWrites([(requests) => ({ UnprocessedItems: { [TABLE]: requests.slice(-1) } })]);
    await expect(confirmationClaims.remove(['a', 'b'])).rejects.toThrow(/left 1 of 2 writes .* unprocessed/);
    expect(sent).toHaveLength(MAX_BATCH_ATTEMPTS);
    expect(sent.at(-1)).toEqual([deleteOf('b')]);
  });
});
