/**
 * The site bucket does not grow forever: each deploy records its release and deletes the asset files no release
 * of the last N references, never by age. Run against the S3 emulator (s3rver) through the real SDK client.
 */
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPrune, recordAndPrune, type ReleaseManifest } from '../../../../infra/deploy-time/site-releases';
import { s3Emulator } from '../../../../infra/local/emulators';

const bucket = 'agency-prod-site-403958261174';
const dir = mkdtempSync(join(tmpdir(), 'site-releases-'));
let stop: () => Promise<void>;
let client: S3Client;

beforeAll(async () => {
  const s3 = await s3Emulator(dir, undefined, [{ name: bucket, corsOrigins: [] }]).start();
  stop = s3.stop;
  client = new S3Client({ endpoint: s3.url, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

const keys = async (prefix: string) => ((await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!).sort();

/** What the assets copy does for a release: uploads its files (never deleting any). */
async function upload(assets: string[]) {
  for (const key of assets) await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: `content of ${key}` }));
}

const release = (n: number, shared: string[] = ['assets/logo-aaaa.svg']) => ({ id: `r${n}`, assets: [`assets/index-${n}.js`, `assets/page-${n}.css`, ...shared] });

describe('planPrune', () => {
  const m = (id: string, day: number, assets: string[]): ReleaseManifest => ({ id, deployedAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`, assets });
  it('keeps every asset of the newest N releases, whatever their age, and deletes the rest', () => {
    const plan = planPrune([m('a', 1, ['assets/old.js', 'assets/logo.svg']), m('b', 2, ['assets/b.js', 'assets/logo.svg']), m('c', 3, ['assets/c.js']), m('d', 4, ['assets/d.js'])], 3, [
      'assets/old.js',
      'assets/logo.svg',
      'assets/b.js',
      'assets/c.js',
      'assets/d.js',
      'assets/unknown.js',
    ]);
    expect(plan).toEqual({ keptReleases: ['d', 'c', 'b'], deleteManifests: ['releases/a.json'], deleteAssets: ['assets/old.js', 'assets/unknown.js'] });
  });
  it('deletes nothing until N releases are recorded', () => {
    expect(planPrune([m('a', 1, ['assets/a.js'])], 3, ['assets/a.js', 'assets/before-recording.js']).deleteAssets).toEqual([]);
  });
});

describe('recordAndPrune against S3', () => {
  it('keeps the assets of the last 3 releases (one unchanged for months included) and deletes older ones', async () => {
    // Files of a release deployed before releases were recorded.
    await upload(['assets/index-0.js']);
    const deletedAfter: string[][] = [];
    for (let n = 1; n <= 5; n += 1) {
      const r = release(n);
      await upload(r.assets);
      const plan = await recordAndPrune(client, { BucketName: bucket, Release: r.id, Assets: r.assets, Keep: '3' }, new Date(Date.UTC(2026, 0, n)));
      deletedAfter.push(plan.deleteAssets);
    }
    // Until three releases are recorded nothing may go, not even the file of the release before recording began.
    expect(deletedAfter.slice(0, 2)).toEqual([[], []]);
    expect(deletedAfter[2]).toEqual(['assets/index-0.js']);
    expect(await keys('assets/')).toEqual(['assets/index-3.js', 'assets/index-4.js', 'assets/index-5.js', 'assets/logo-aaaa.svg', 'assets/page-3.css', 'assets/page-4.css', 'assets/page-5.css']);
    expect(await keys('releases/')).toEqual(['releases/r3.json', 'releases/r4.json', 'releases/r5.json']);
    const stored = await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'releases/r5.json' }))).Body!.transformToString();
    const manifest = JSON.parse(stored) as ReleaseManifest;
    expect(manifest).toEqual({ id: 'r5', deployedAt: '2026-01-05T00:00:00.000Z', assets: release(5).assets });
  });

  it('deploying an earlier release again makes it the newest, and its files are kept', async () => {
    const again = release(3);
    await upload(again.assets);
    await recordAndPrune(client, { BucketName: bucket, Release: again.id, Assets: again.assets, Keep: 3 }, new Date(Date.UTC(2026, 1, 1)));
    const six = release(6);
    await upload(six.assets);
    await recordAndPrune(client, { BucketName: bucket, Release: six.id, Assets: six.assets, Keep: 3 }, new Date(Date.UTC(2026, 1, 2)));
    // Newest three: r6, r3 (redeployed), r5; r4 goes.
    expect(await keys('releases/')).toEqual(['releases/r3.json', 'releases/r5.json', 'releases/r6.json']);
    expect(await keys('assets/')).toEqual(['assets/index-3.js', 'assets/index-5.js', 'assets/index-6.js', 'assets/logo-aaaa.svg', 'assets/page-3.css', 'assets/page-5.css', 'assets/page-6.css']);
  });
});
