/**
 * Data access for the `submissions` table (keys and index from shared/deployment/manifest.ts).
 * Conditional writes give idempotent creation and optimistic locking; no transactions are needed (the local
 * DynamoDB stand-in has none, and every write touches one item).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { tables } from '@shared/deployment/manifest';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';
import type { SubmissionRecord } from '../domain/submissions/record';
import type { SubmissionStore } from '../domain/submissions/ports';

const index = tables.submissions.indexes[0];

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';
}

export const submissionsTable: SubmissionStore = {
  async create(record) {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName('submissions'),
          Item: record,
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
      return 'created';
    } catch (error) {
      if (isConditionFailure(error)) return 'exists';
      throw error;
    }
  },

  async get(id) {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('submissions'), Key: { id }, ConsistentRead: true }));
    return out.Item as SubmissionRecord<unknown> | undefined;
  },

  async update(record, expectedVersion, changes) {
    const queued = changes.retryQueue !== undefined && changes.retryAt !== undefined;
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('submissions'),
          Key: { id: record.id },
          UpdateExpression: queued
            ? 'SET deliveries = :d, version = :next, retryQueue = :q, retryAt = :at'
            : 'SET deliveries = :d, version = :next REMOVE retryQueue, retryAt',
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: {
            ':d': changes.deliveries,
            ':next': expectedVersion + 1,
            ':expected': expectedVersion,
            ...(queued ? { ':q': changes.retryQueue, ':at': changes.retryAt } : {}),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as SubmissionRecord<unknown>;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  },

  async lease(id, expectedVersion, until) {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('submissions'),
          Key: { id },
          UpdateExpression: 'SET version = :next, retryQueue = :q, retryAt = :at',
          // A missing item fails the condition too (it has no version).
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':next': expectedVersion + 1, ':expected': expectedVersion, ':q': 'pending', ':at': until },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as SubmissionRecord<unknown>;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  },

  async listDue(now, limit) {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('submissions'),
        IndexName: index.name,
        KeyConditionExpression: '#q = :pending AND #at <= :now',
        ExpressionAttributeNames: { '#q': index.partitionKey.name, '#at': index.sortKey.name },
        ExpressionAttributeValues: { ':pending': 'pending', ':now': now.toISOString() },
        Limit: limit,
      }),
    );
    return (out.Items ?? []) as SubmissionRecord<unknown>[];
  },
};
