/**
 * A local table made before an index was added to shared/deployment/manifest.ts (a state folder from an older
 * version): the local DynamoDB cannot add an index to a table, so provisioning rebuilds it with its items, and
 * the new index answers queries.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { resourceName, tables } from '@shared/deployment/manifest';
import { ensureTables } from '../../../infra/local/provision';
import { localStack, sdkConfig } from '../../helpers/local-stack';

const stack = localStack();
const client = new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb });
const docs = DynamoDBDocumentClient.from(client);

describe('provisioning a table that lacks an index', () => {
  it('rebuilds it with every item, and the new indexes answer', async () => {
    const stage = `old${randomUUID().slice(0, 6)}`;
    const name = resourceName(stage, 'submissions');
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      }),
    );
    const id = randomUUID();
    await docs.send(new PutCommand({ TableName: name, Item: { id, kind: 'idea', inbox: 'all', receivedKey: `2026-11-22T10:00:00.000Z#${id}`, summary: { name: 'Old' } } }));
    try {
      await ensureTables(client, stage);
      const indexes = (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort();
      expect(indexes).toEqual(tables.submissions.indexes.map((i) => i.name).sort());
      expect((await docs.send(new ScanCommand({ TableName: name }))).Items).toEqual([expect.objectContaining({ id })]);
      const page = await docs.send(new QueryCommand({ TableName: name, IndexName: 'inbox', KeyConditionExpression: 'inbox = :p', ExpressionAttributeValues: { ':p': 'all' } }));
      expect(page.Items?.map((i) => i.id)).toEqual([id]);
    } finally {
      for (const t of Object.keys(tables)) await client.send(new DeleteTableCommand({ TableName: resourceName(stage, t) })).catch(() => undefined);
    }
  });
});
