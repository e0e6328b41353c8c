/**
 * Retention on the laptop: what DynamoDB's TTL and the bucket's S3 lifecycle rules do deployed, which the local
 * stand-ins cannot (dynalite has no UpdateTimeToLive, s3rver no lifecycle). On a timer, it deletes
 * - every item of a table with a `timeToLiveAttribute` (shared/deployment/manifest.ts) whose expiry (epoch
 *   seconds) has passed, as TTL does (deployed, TTL deletes within a few days; reads filter expired rows out);
 * - every object under a bucket's expiring prefix older than the local retention (`localRetention`).
 * The scan is the stand-in's own housekeeping, as TTL's is AWS's: the functions never scan.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { buckets, localRetention, tables, type BucketName, type Retention, type TableDef, type TableName } from '@shared/deployment/manifest';
import { batchWriteAll } from '../../lambdas/lib/dynamo';
import { localBucketNames, localCredentials, localRegion } from './lambda-env';
import type { LocalService } from './service';

export interface ExpiryTargets {
  readonly dynamodbUrl: string;
  readonly s3Url: string;
  readonly tables: Record<TableName, string>;
  readonly retention?: Retention;
}

export interface Swept {
  readonly items: number;
  readonly objects: number;
}

async function sweepTable(docs: DynamoDBDocumentClient, name: string, def: TableDef, nowSeconds: number): Promise<number> {
  const ttl = def.timeToLiveAttribute;
  if (!ttl) return 0;
  const keys = [def.partitionKey.name, ...(def.sortKey ? [def.sortKey.name] : [])];
  let deleted = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await docs.send(
      new ScanCommand({
        TableName: name,
        FilterExpression: '#ttl < :now',
        ExpressionAttributeNames: { '#ttl': ttl, ...Object.fromEntries(keys.map((k, i) => [`#k${i}`, k])) },
        ExpressionAttributeValues: { ':now': nowSeconds },
        ProjectionExpression: keys.map((_, i) => `#k${i}`).join(', '),
        ExclusiveStartKey: start,
      }),
    );
    const expired = (out.Items ?? []) as Record<string, unknown>[];
    await batchWriteAll(docs, name, expired.map((Key) => ({ DeleteRequest: { Key } })));
    deleted += expired.length;
    start = out.LastEvaluatedKey;
  } while (start);
  return deleted;
}

async function sweepBucket(s3: S3Client, bucket: BucketName, retention: Retention, now: Date): Promise<number> {
  let deleted = 0;
  for (const rule of buckets[bucket].expire) {
    const before = now.getTime() - retention[rule.retention] * 86_400_000;
    let token: string | undefined;
    do {
      const out = await s3.send(new ListObjectsV2Command({ Bucket: localBucketNames[bucket], Prefix: rule.prefix, ...(token ? { ContinuationToken: token } : {}) }));
      const old = (out.Contents ?? []).filter((o) => o.Key && o.LastModified && o.LastModified.getTime() < before).map((o) => ({ Key: o.Key as string }));
      if (old.length > 0) {
        await s3.send(new DeleteObjectsCommand({ Bucket: localBucketNames[bucket], Delete: { Objects: old, Quiet: true } }));
        deleted += old.length;
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }
  return deleted;
}

/** One sweep over every expiring table and bucket prefix. */
export async function sweepExpired(targets: ExpiryTargets, now = new Date()): Promise<Swept> {
  const dynamo = new DynamoDBClient({ endpoint: targets.dynamodbUrl, region: localRegion, credentials: localCredentials });
  const s3 = new S3Client({ endpoint: targets.s3Url, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  try {
    const docs = DynamoDBDocumentClient.from(dynamo);
    let items = 0;
    for (const [logical, def] of Object.entries(tables) as [TableName, TableDef][]) {
      items += await sweepTable(docs, targets.tables[logical], def, Math.floor(now.getTime() / 1000));
    }
    let objects = 0;
    for (const bucket of Object.keys(buckets) as BucketName[]) objects += await sweepBucket(s3, bucket, targets.retention ?? localRetention, now);
    return { items, objects };
  } finally {
    dynamo.destroy();
    s3.destroy();
  }
}

/** The sweep on a timer (one at a time); `everyMs` 0 = never. */
export function expiryService(targets: ExpiryTargets, everyMs: number, log: (line: string) => void): LocalService {
  return {
    name: 'expiry (TTL and lifecycle)',
    async start() {
      let running: Promise<void> | undefined;
      const timer =
        everyMs > 0
          ? setInterval(() => {
              if (running) return;
              running = sweepExpired(targets)
                .then((swept) => {
                  if (swept.items + swept.objects > 0) log(`[expiry] deleted ${swept.items} expired item(s) and ${swept.objects} file(s)`);
                })
                .catch((error: unknown) => console.error('[expiry] sweep failed:', error))
                .finally(() => {
                  running = undefined;
                });
            }, everyMs)
          : undefined;
      timer?.unref();
      return {
        async stop() {
          if (timer) clearInterval(timer);
          await running;
        },
      };
    },
  };
}
