/** Data access for the `staffAudit` table: one entry per erasure made in the staff console (counts and ids only). */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditLog } from '../domain/leads/ports';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';

export const staffAuditTable: AuditLog = {
  async record(entry) {
    await dynamo().send(new PutCommand({ TableName: tableName('staffAudit'), Item: { ...entry }, ConditionExpression: 'attribute_not_exists(id)' }));
  },
};
