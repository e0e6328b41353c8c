/**
 * Retention on the laptop (infra/local/expiry.ts): what DynamoDB's TTL and the bucket's lifecycle rules do
 * deployed, which the stand-ins cannot. An item whose expiry passed is deleted (one whose expiry is ahead is
 * kept), and files under an expiring prefix older than the retention are deleted (younger ones are kept).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { localRetention, tableEnvName, tables as tableDefs, type TableName } from '@shared/deployment/manifest';
import { sweepExpired } from '../../../infra/local/expiry';
import { localStack, sdkConfig } from '../../helpers/local-stack';
import { objectKeys, s3, uploadsBucket } from '../staff/support';

const stack = localStack();
const docs = DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb }));
const table = (t: TableName) => stack.env[tableEnvName(t)] as string;
// Every table of the manifest, as the stack sweeps them all.
const tables = Object.fromEntries((Object.keys(tableDefs) as TableName[]).map((t) => [t, table(t)])) as Record<TableName, string>;
const targets = { dynamodbUrl: stack.endpoints.dynamodb, s3Url: stack.endpoints.s3, tables };

describe('the local stack honours retention', () => {
  it('deletes submissions and confirmation claims whose TTL passed, and keeps the others', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [expired, alive, claim] = [randomUUID(), randomUUID(), `${randomUUID()}#2026-01-01`];
    await docs.send(new PutCommand({ TableName: tables.submissions, Item: { id: expired, kind: 'contactMessage', expiresAt: now - 10 } }));
    await docs.send(new PutCommand({ TableName: tables.submissions, Item: { id: alive, kind: 'contactMessage', expiresAt: now + 3600 } }));
    await docs.send(new PutCommand({ TableName: tables.confirmationClaims, Item: { claim, submissionId: expired, expiresAt: now - 10 } }));
    const swept = await sweepExpired(targets);
    expect(swept.items).toBeGreaterThanOrEqual(2);
    const get = async (name: string, key: Record<string, string>) => (await docs.send(new GetCommand({ TableName: name, Key: key, ConsistentRead: true }))).Item;
    expect(await get(tables.submissions, { id: expired })).toBeUndefined();
    expect(await get(tables.confirmationClaims, { claim })).toBeUndefined();
    expect(await get(tables.submissions, { id: alive })).toMatchObject({ id: alive });
  });

  it('deletes files older than their prefix keeps them, and keeps younger ones', async () => {
    const key = `exports/${randomUUID()}/old.csv`;
    const young = `attachments/${randomUUID()}/1-young.pdf`;
    await s3.send(new PutObjectCommand({ Bucket: uploadsBucket, Key: key, Body: 'old' }));
    await s3.send(new PutObjectCommand({ Bucket: uploadsBucket, Key: young, Body: 'young' }));
    // As if the export's day had passed: exports kept for no time at all.
    await sweepExpired({ ...targets, retention: { ...localRetention, exportDays: 0 } });
    expect(await objectKeys(key)).toEqual([]);
    expect(await objectKeys(young)).toEqual([young]);
  });
});
