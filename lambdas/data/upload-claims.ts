/**
 * Data access for the `uploadClaims` table (shared/deployment/manifest.ts): one item per presigned upload, keyed by
 * its object key, with the form it was issued for and, once claimed, the submission that holds it. The claim is
 * one conditional update, so of several submissions naming the same upload exactly one wins.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadClaim, UploadClaims } from '../domain/submissions/ports';
import type { UploadRecords } from '../domain/leads/ports';
import type { UploadLedger } from '../domain/uploads/upload-request';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';

/**
 * How long an upload's record is kept. Fails closed: an upload still in `incoming/` after its record expired
 * (a stage keeping orphaned uploads longer than this) is refused as "not uploaded or expired".
 */
export const UPLOAD_RECORD_DAYS = 30;

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';
}

const table = () => tableName('uploadClaims');

/** The uploads function's side: each presigned upload recorded before it is issued. */
export const uploadLedger: UploadLedger = {
  async issue(uploads, at) {
    const expiresAt = Math.floor(at.getTime() / 1000) + UPLOAD_RECORD_DAYS * 86_400;
    await Promise.all(
      uploads.map((u) =>
        dynamo().send(
          new PutCommand({
            TableName: table(),
            Item: { uploadKey: u.key, form: u.form, issuedAt: at.toISOString(), expiresAt },
            // Keys carry a fresh UUID; the condition keeps a (never expected) collision from resetting a claim.
            ConditionExpression: 'attribute_not_exists(uploadKey)',
          }),
        ),
      ),
    );
  },
};

/** Accepting a submission: its uploads read and claimed. */
export const uploadClaims: UploadClaims = {
  async get(key) {
    const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: { uploadKey: key }, ConsistentRead: true }));
    if (typeof Item?.form !== 'string') return undefined;
    // DynamoDB deletes expired items within days, not at once.
    if (typeof Item.expiresAt === 'number' && Item.expiresAt * 1000 < Date.now()) return undefined;
    const claim: UploadClaim = {
      form: Item.form,
      ...(typeof Item.claimedBy === 'string' ? { claimedBy: Item.claimedBy } : {}),
      ...(typeof Item.claimedAt === 'string' ? { claimedAt: Item.claimedAt } : {}),
    };
    return claim;
  },

  async claim(key, form, submissionId, at, takeOverFrom) {
    try {
      const { Attributes } = await dynamo().send(
        new UpdateCommand({
          TableName: table(),
          Key: { uploadKey: key },
          UpdateExpression: 'SET claimedBy = :id, claimedAt = :at',
          ConditionExpression: `form = :form AND (attribute_not_exists(claimedBy) OR claimedBy = :id${takeOverFrom ? ' OR claimedBy = :abandoned' : ''})`,
          ExpressionAttributeValues: {
            ':id': submissionId,
            ':at': at.toISOString(),
            ':form': form,
            ...(takeOverFrom ? { ':abandoned': takeOverFrom } : {}),
          },
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      return Attributes?.claimedBy === submissionId ? 'held' : 'claimed';
    } catch (error) {
      if (isConditionFailure(error)) return 'refused';
      throw error;
    }
  },
};

/** A person's erasure: the records of their uploads deleted. */
export const uploadRecords: UploadRecords = {
  async remove(keys) {
    // A person's few uploads: one delete each (deleting a missing item is no error).
    await Promise.all(keys.map((key) => dynamo().send(new DeleteCommand({ TableName: table(), Key: { uploadKey: key } }))));
  },
};
