/**
 * Data access for the `overview` table (shared/deployment/manifest.ts): the figures of lambdas/domain/overview, one
 * item per figure (the partition) and period (the sort key). A change of one record's entry reads the item and puts
 * it back with the entry changed, on the condition that its version is still the one read (one item, one
 * conditional write: no transaction needed). Its summary, remade from the entries, is then put in an item of its own
 * (partition `<figure>#summary`, same period) unless a newer version is there already: the overview reads the small
 * summaries of 90 days with one Query, never the entries behind them. A summary left behind by a write that stopped
 * between the two is remade by the period's next write.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EntryChange, FigureName, FigureReader, FigureWriter } from '../domain/overview/ports';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';

/** Writers of one item (a busy day) at once: each conflict reads again after a short, growing, jittered wait. */
const MAX_ATTEMPTS = 8;

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';
}

/** JSON with object keys in order: DynamoDB hands a map's keys back in an order of its own. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

async function put<E, S>(change: EntryChange<E, S>): Promise<'written' | 'unchanged' | 'final'> {
  const table = tableName('overview');
  const key = { figure: change.figure, period: change.period };
  for (let attempt = 0; ; attempt++) {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: table, Key: key, ConsistentRead: true, ProjectionExpression: 'entries, version' }),
    );
    const entries = (Item?.entries ?? {}) as Record<string, E>;
    const version = Item?.version as number | undefined;
    const current = entries[change.key];
    if (current !== undefined && change.final?.(current)) return 'final';
    if (canonical(current) === canonical(change.entry)) return 'unchanged';
    const next = { ...entries };
    if (change.entry === undefined) delete next[change.key];
    else next[change.key] = change.entry;
    try {
      await dynamo().send(
        new PutCommand({
          TableName: table,
          Item: {
            ...key,
            entries: next,
            version: (version ?? 0) + 1,
            ...(change.expiresAt === undefined ? {} : { expiresAt: change.expiresAt }),
          },
          ConditionExpression: version === undefined ? 'attribute_not_exists(figure)' : 'version = :v',
          ...(version === undefined ? {} : { ExpressionAttributeValues: { ':v': version } }),
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error) || attempt + 1 >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
      continue;
    }
    if (change.summarize) await putSummary(change.figure, change.period, change.summarize(next), (version ?? 0) + 1, change.expiresAt);
    return 'written';
  }
}

/**
 * The table's items for a period's entries and summary written whole (lambdas/domain/overview/rebuild.ts): for
 * filling the figures of records stored in bulk.
 */
export function figureTableItems(item: { figure: FigureName; period: string; entries: unknown; summary?: unknown; expiresAt?: number }): Record<string, unknown>[] {
  const expiry = item.expiresAt === undefined ? {} : { expiresAt: item.expiresAt };
  const entries = { figure: item.figure, period: item.period, entries: item.entries, version: 1, ...expiry };
  return item.summary === undefined ? [entries] : [entries, { figure: summaryPartition(item.figure), period: item.period, summary: item.summary, version: 1, ...expiry }];
}

/** The summary of a period's entries at `version`, unless one of a later version is there already. */
async function putSummary(figure: FigureName, period: string, summary: unknown, version: number, expiresAt: number | undefined): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('overview'),
        Item: { figure: summaryPartition(figure), period, summary, version, ...(expiresAt === undefined ? {} : { expiresAt }) },
        ConditionExpression: 'attribute_not_exists(version) OR version < :v',
        ExpressionAttributeValues: { ':v': version },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Where a figure's summaries are kept: apart from its entries, so reading them reads no entry. */
export const summaryPartition = (figure: FigureName): string => `${figure}#summary`;

async function query(partition: string, from: string, to: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('overview'),
        KeyConditionExpression: 'figure = :f AND period BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#summary': 'summary' },
        ExpressionAttributeValues: { ':f': partition, ':from': from, ':to': to },
        ProjectionExpression: 'period, #summary',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The figures' writes, for the functions that write leads and purchases (GetItem and PutItem). */
export const figureWriter: FigureWriter = { put };

/** The overview's reads (Query only). */
export const figureReader: FigureReader = {
  async summaries<S>(figure: FigureName, from: string, to: string) {
    const items = await query(summaryPartition(figure), from, to);
    return items.filter((i) => i.summary !== undefined).map((i) => ({ period: i.period as string, summary: i.summary as S }));
  },
};
