/**
 * Creates the tables of shared/deployment/manifest.ts in the local DynamoDB, idempotently: a table that exists is left as it
 * is, a table missing an index is rebuilt with its items (the local stand-in cannot add an index to a table), and
 * a key schema that no longer matches is reported with the way out (--reset).
 */
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  type AttributeDefinition,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { resourceName, tables, type IndexDef, type KeyDef, type TableDef, type TableName } from '@shared/deployment/manifest';
import { batchWriteAll } from '../../lambdas/lib/dynamo';

function keySchema(pk: KeyDef, sk?: KeyDef): KeySchemaElement[] {
  return sk
    ? [
        { AttributeName: pk.name, KeyType: 'HASH' },
        { AttributeName: sk.name, KeyType: 'RANGE' },
      ]
    : [{ AttributeName: pk.name, KeyType: 'HASH' }];
}

function attributeDefinitions(keys: readonly (KeyDef | undefined)[]): AttributeDefinition[] {
  const byName = new Map<string, AttributeDefinition>();
  for (const k of keys) if (k) byName.set(k.name, { AttributeName: k.name, AttributeType: k.type });
  return [...byName.values()];
}

function gsi(index: IndexDef) {
  return {
    IndexName: index.name,
    KeySchema: keySchema(index.partitionKey, index.sortKey),
    Projection: index.projection
      ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection] }
      : { ProjectionType: 'ALL' as const },
  };
}

/** Every item of a table (the local stand-in's data is small). */
async function readAll(docs: DynamoDBDocumentClient, name: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await docs.send(new ScanCommand({ TableName: name, ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}


/** Waits until the table has this status (undefined: until it is gone), for at most 30 s. */
async function untilStatus(client: DynamoDBClient, name: string, wanted: 'ACTIVE' | undefined): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((r) => setTimeout(r, 50))) {
    let status: string | undefined;
    try {
      status = (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.TableStatus;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    if (status === wanted) return;
  }
  throw new Error(`Local table ${name} did not become ${wanted ?? 'deleted'} within 30 s.`);
}

export class TableSchemaMismatchError extends Error {
  constructor(table: string) {
    super(`Local table ${table} has another key schema than shared/deployment/manifest.ts declares. Start once with --reset (npm start -- --reset) to recreate the local data.`);
    this.name = 'TableSchemaMismatchError';
  }
}

export async function ensureTables(client: DynamoDBClient, stage = 'local'): Promise<Record<TableName, string>> {
  const names = {} as Record<TableName, string>;
  await Promise.all(
    (Object.entries(tables) as [TableName, TableDef][]).map(async ([logical, def]) => {
      const name = resourceName(stage, logical);
      names[logical] = name;
      let existing;
      try {
        existing = (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
      const allKeys = [def.partitionKey, def.sortKey, ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
      const create = () =>
        client.send(
          new CreateTableCommand({
            TableName: name,
            BillingMode: 'PAY_PER_REQUEST',
            KeySchema: keySchema(def.partitionKey, def.sortKey),
            AttributeDefinitions: attributeDefinitions(allKeys),
            ...(def.indexes.length ? { GlobalSecondaryIndexes: def.indexes.map(gsi) } : {}),
          }),
        );
      if (!existing) {
        await create();
        return;
      }
      const wanted = JSON.stringify(keySchema(def.partitionKey, def.sortKey));
      if (JSON.stringify(existing.KeySchema) !== wanted) throw new TableSchemaMismatchError(name);
      const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
      if (def.indexes.every((index) => present.has(index.name))) return;
      // dynalite answers UpdateTable's index creation without creating the index: rebuild the table with its items.
      const docs = DynamoDBDocumentClient.from(client);
      const items = await readAll(docs, name);
      await client.send(new DeleteTableCommand({ TableName: name }));
      // Deleting and creating take a moment (DELETING, CREATING): a create too soon is ResourceInUseException.
      await untilStatus(client, name, undefined);
      await create();
      await untilStatus(client, name, 'ACTIVE');
      await batchWriteAll(docs, name, items.map((Item) => ({ PutRequest: { Item } })));
    }),
  );
  return names;
}
