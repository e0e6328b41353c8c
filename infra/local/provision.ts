/**
 * Creates the tables of shared/deployment/manifest.ts in the local DynamoDB, idempotently: a table that exists is left as it
 * is, a missing index is added, and a key schema that no longer matches is reported with the way out (--reset).
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  type AttributeDefinition,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { resourceName, tables, type IndexDef, type KeyDef, type TableDef, type TableName } from '@shared/deployment/manifest';

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
    Projection: { ProjectionType: 'ALL' as const },
  };
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
      if (!existing) {
        await client.send(
          new CreateTableCommand({
            TableName: name,
            BillingMode: 'PAY_PER_REQUEST',
            KeySchema: keySchema(def.partitionKey, def.sortKey),
            AttributeDefinitions: attributeDefinitions(allKeys),
            ...(def.indexes.length ? { GlobalSecondaryIndexes: def.indexes.map(gsi) } : {}),
          }),
        );
        return;
      }
      const wanted = JSON.stringify(keySchema(def.partitionKey, def.sortKey));
      if (JSON.stringify(existing.KeySchema) !== wanted) throw new TableSchemaMismatchError(name);
      const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
      for (const index of def.indexes) {
        if (present.has(index.name)) continue;
        await client.send(
          new UpdateTableCommand({
            TableName: name,
            AttributeDefinitions: attributeDefinitions(allKeys),
            GlobalSecondaryIndexUpdates: [{ Create: gsi(index) }],
          }),
        );
      }
    }),
  );
  return names;
}
