/**
 * Deploy-time function: keeps the site bucket's `assets/` from growing forever, without ever deleting a file a
 * recent release still uses.
 *
 * Content-hashed assets are never pruned by the copy itself (a page still open in a browser keeps loading the
 * chunks of the release it was served), so every release used to stay in the bucket for good. An age rule would
 * be wrong: an asset that did not change for a year is still in use. Instead each deploy records its release, the
 * list of asset files its build contains, in `releases/<id>.json`, and then deletes every `assets/` file that no
 * release among the newest `Keep` references; the manifests of older releases go too. Until `Keep` releases are
 * recorded (the first deploys, or after the bucket was emptied) nothing is deleted: the files of releases deployed
 * before recording began cannot be told apart from those in use.
 *
 * Runs behind a custom resource of the stateless stack, after both copies of the site (infra/constructs/
 * site-content.ts). On delete it does nothing.
 */
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { customResource, type CustomResourceEvent } from './custom-resource';

export const releasesPrefix = 'releases/';

export interface SiteReleasesProperties {
  readonly BucketName: string;
  /** The release's id: a hash of its asset list (infra/constructs/site-content.ts). */
  readonly Release: string;
  /** Keys of the release's asset files, e.g. `assets/index-CzdqmF1B.js`. */
  readonly Assets: readonly string[];
  /** How many releases' assets to keep; CloudFormation passes it as a string. */
  readonly Keep: string | number;
}

export interface ReleaseManifest {
  readonly id: string;
  readonly deployedAt: string;
  readonly assets: readonly string[];
}

export interface PrunePlan {
  /** Newest first. */
  readonly keptReleases: string[];
  readonly deleteManifests: string[];
  readonly deleteAssets: string[];
}

/** What to delete, given every recorded release and every asset in the bucket. */
export function planPrune(manifests: readonly ReleaseManifest[], keep: number, assetKeys: readonly string[]): PrunePlan {
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`Keep must be a whole number of at least 1, got ${keep}`);
  const newestFirst = [...manifests].sort((a, b) => b.deployedAt.localeCompare(a.deployedAt) || a.id.localeCompare(b.id));
  const kept = newestFirst.slice(0, keep);
  if (newestFirst.length < keep) return { keptReleases: kept.map((m) => m.id), deleteManifests: [], deleteAssets: [] };
  const referenced = new Set(kept.flatMap((m) => m.assets));
  return {
    keptReleases: kept.map((m) => m.id),
    deleteManifests: newestFirst.slice(keep).map((m) => `${releasesPrefix}${m.id}.json`),
    deleteAssets: assetKeys.filter((key) => !referenced.has(key)).sort(),
  };
}

async function listKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function inBatches<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += limit) await Promise.all(items.slice(i, i + limit).map(fn));
}

/** Records this release, then prunes. Answers the plan that was carried out. */
export async function recordAndPrune(client: S3Client, props: SiteReleasesProperties, now: Date = new Date()): Promise<PrunePlan> {
  const bucket = props.BucketName;
  const manifest: ReleaseManifest = { id: props.Release, deployedAt: now.toISOString(), assets: [...props.Assets] };
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: `${releasesPrefix}${props.Release}.json`,
      Body: JSON.stringify(manifest),
      ContentType: 'application/json',
      CacheControl: 'no-store',
    }),
  );
  const manifests: ReleaseManifest[] = [];
  for (const key of await listKeys(client, bucket, releasesPrefix)) {
    if (!key.endsWith('.json')) continue;
    const body = await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToString();
    try {
      const parsed = JSON.parse(body ?? '') as ReleaseManifest;
      if (typeof parsed.id === 'string' && typeof parsed.deployedAt === 'string' && Array.isArray(parsed.assets)) manifests.push(parsed);
    } catch {
      // Not a manifest of ours: left alone, and it keeps nothing alive.
    }
  }
  const plan = planPrune(manifests, Number(props.Keep), await listKeys(client, bucket, 'assets/'));
  await inBatches([...plan.deleteAssets, ...plan.deleteManifests], 20, (key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
  return plan;
}

let client: S3Client | undefined;

export const handler = customResource<SiteReleasesProperties>(async (event: CustomResourceEvent<SiteReleasesProperties>) => {
  const props = event.ResourceProperties;
  const physicalId = `site-releases-${props.BucketName}`;
  if (event.RequestType === 'Delete') return { physicalId };
  client ??= new S3Client({});
  const plan = await recordAndPrune(client, props);
  console.log(JSON.stringify({ message: 'site releases', release: props.Release, kept: plan.keptReleases, deletedAssets: plan.deleteAssets.length, deletedManifests: plan.deleteManifests.length }));
  return { physicalId, data: { DeletedAssets: String(plan.deleteAssets.length) } };
});
