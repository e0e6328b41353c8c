/**
 * Data access for the `confirmationClaims` table: which submission sent the visitor's confirmation mail to an
 * address (hashed) on a day. One conditional put per claim, so two submissions racing for the same day send one
 * confirmation; DynamoDB's TTL deletes a claim two days later.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { ConfirmationLedger } from '../domain/submissions/ports';
import type { ConfirmationClaims } from '../domain/leads/ports';
import { batchWriteAll, dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';

/** The delivery engine's side: one claim per address and day. */
export const confirmationLedger: ConfirmationLedger = {
  async claim(key, submissionId, expiresAt) {
    try {
      const { Attributes } = await dynamo().send(
        new PutCommand({
          TableName: tableName('confirmationClaims'),
          Item: { claim: key, submissionId, expiresAt },
          // A retry of the same submission's confirmation keeps its claim ('held': it was counted the first time).
          ConditionExpression: 'attribute_not_exists(claim) OR submissionId = :id',
          ExpressionAttributeValues: { ':id': submissionId },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes ? 'held' : 'claimed';
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException') return 'refused';
      throw error;
    }
  },
};

/** A person's erasure: their claims deleted (the only deletes of this table). */
export const confirmationClaims: ConfirmationClaims = {
  async remove(keys) {
    // Every claim or an error: an erasure must not report done with claims left behind.
    await batchWriteAll(dynamo(), tableName('confirmationClaims'), keys.map((claim) => ({ DeleteRequest: { Key: { claim } } })));
  },
};
