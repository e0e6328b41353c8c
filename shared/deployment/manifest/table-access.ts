/** What a function may do with a table, down to the DynamoDB action (part of the deployment manifest, shared/deployment/manifest.ts). */
import type { IndexNameOf, TableName } from './storage';

/** Reads of a table's items. Scan is never granted to a function the public can reach (least-privilege test). */
export type TableRead = 'GetItem' | 'BatchGetItem' | 'Query' | 'Scan';
/**
 * Writes: PutItem creates a row (or replaces one: a put meant only to create carries `attribute_not_exists`, which IAM
 * cannot demand); UpdateItem changes one (and creates a missing one unless its condition says the row exists).
 */
export type TableWrite = 'PutItem' | 'UpdateItem' | 'BatchWriteItem';
/** Deletes. BatchWriteItem is one IAM action for puts and deletes alike: listed where the code uses it. */
export type TableDelete = 'DeleteItem' | 'BatchWriteItem';

/**
 * One function's access to one table, each entry one IAM action (`dynamodb:<action>`) on the table's ARN, and
 * `indexes` the indexes it queries (`dynamodb:Query` on each index's ARN, nothing else). Exactly what the function's
 * bundled code calls, no more and no less (test/infra/least-privilege.test.ts reads the calls out of each bundle).
 * E.g. `submissions: { read: ['GetItem'], write: ['PutItem'] }`, `purchases: { write: ['UpdateItem'], indexes: ['byEmail'] }`.
 */
export interface TableAccess<I extends string = string> {
  readonly read?: readonly TableRead[];
  readonly write?: readonly TableWrite[];
  readonly delete?: readonly TableDelete[];
  readonly indexes?: readonly I[];
}

/** A function's tables: for each, its TableAccess (index names checked against the table's). */
export type TablesAccess = { readonly [T in TableName]?: TableAccess<IndexNameOf<T>> };

/** The DynamoDB actions (without `dynamodb:`) one TableAccess grants on the table's own ARN, in a fixed order. */
export function tableActions(access: TableAccess): string[] {
  const order: readonly string[] = ['GetItem', 'BatchGetItem', 'Query', 'Scan', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];
  const listed = new Set<string>([...(access.read ?? []), ...(access.write ?? []), ...(access.delete ?? [])]);
  return order.filter((a) => listed.has(a));
}
