/**
 * Data access for the `staffAudit` table: one entry per erasure made in the staff console (counts and ids only).
 * Append-only for every function (a conditional put; no function holds an update or delete of it). The operator's
 * erasure replay (infra/bin/replay-erasures.ts) reads it with their own credentials.
 */
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditLog, ErasureEntry } from '../domain/leads/ports';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';

export const staffAuditTable: AuditLog = {
  async record(entry) {
    await dynamo().send(new PutCommand({ TableName: tableName('staffAudit'), Item: { ...entry }, ConditionExpression: 'attribute_not_exists(id)' }));
  },
};

/** Every erasure entry made at or after `since`, oldest first (a Scan: the operator's replay, never a function's). */
export async function erasuresSince(since: Date): Promise<ErasureEntry[]> {
  const entries: ErasureEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new ScanCommand({
        TableName: tableName('staffAudit'),
        FilterExpression: '#action = :erasure AND #at >= :since',
        ExpressionAttributeNames: { '#action': 'action', '#at': 'at' },
        ExpressionAttributeValues: { ':erasure': 'erasure', ':since': since.toISOString() },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    entries.push(...((out.Items ?? []) as ErasureEntry[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
