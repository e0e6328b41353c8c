/**
 * The site bucket does not grow forever: every deploy records its release (the build's asset files) and prunes
 * the assets no release of the last `keepReleases` references (infra/deploy-time/site-releases.ts, tested against
 * S3 in test/unit/infra/deploy-time/). Here: the deploy runs it, after both copies of the site, with this build's
 * asset list and the stage's setting; the page copy leaves the release records alone; and no age rule ever
 * expires the site's files.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageConfig } from '../../infra/stages';
import { bucketPhysicalName } from '../../infra/lib/names';
import { dig, logicalIdOf, resourcesOf, synthStage, webDistFixture } from './synth';

const dev = synthStage('dev');

function releasesResource(s = dev) {
  const found = Object.entries(resourcesOf(s.stateless, 'Custom::SiteReleases'));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('site releases', () => {
  it('records this build’s assets and keeps the stage’s number of releases (3 unless the stage says)', () => {
    const [, r] = releasesResource();
    const assets = readdirSync(join(webDistFixture(), 'assets')).map((f) => `assets/${f}`).sort();
    expect(dig(r.Properties, 'Assets')).toEqual(assets);
    expect(dig(r.Properties, 'Keep')).toBe(3);
    expect(dig(r.Properties, 'BucketName')).toBe(bucketPhysicalName(dev.config, 'site'));
    expect(String(dig(r.Properties, 'Release'))).toMatch(/^[0-9a-f]{16}$/);
    const [, five] = releasesResource(synthStage({ ...stageConfig('dev'), keepReleases: 5 }));
    expect(dig(five.Properties, 'Keep')).toBe(5);
  });

  it('runs after both copies of the site, so the newest release’s files are there before anything is pruned', () => {
    const [, r] = releasesResource();
    const dependsOn = (r as { DependsOn?: string[] }).DependsOn ?? [];
    const copies = Object.keys(resourcesOf(dev.stateless, 'Custom::CDKBucketDeployment'));
    expect(copies).toHaveLength(2);
    for (const id of copies) expect(dependsOn, id).toContain(id);
  });

  it('the page copy, which prunes what its build lacks, leaves the release records alone', () => {
    const deployments = Object.values(resourcesOf(dev.stateless, 'Custom::CDKBucketDeployment')).map((d) => d.Properties!);
    const pages = deployments.find((d) => d.Prune === true)!;
    expect(pages.Exclude).toEqual(expect.arrayContaining(['assets/*', 'releases/*']));
    expect(deployments.find((d) => d.Prune === false)!.Include).toEqual(['assets/*']);
  });

  it('never expires the site’s files by age (an asset unchanged for a year is still in use)', () => {
    const [, bucket] = Object.entries(resourcesOf(dev.edge, 'AWS::S3::Bucket')).find(([id]) => id === logicalIdOf(dev.stacks.edge.site.bucket))!;
    const rules = (dig(bucket.Properties, 'LifecycleConfiguration', 'Rules') ?? []) as Record<string, unknown>[];
    for (const rule of rules) {
      expect(rule.ExpirationInDays, JSON.stringify(rule)).toBeUndefined();
      expect(rule.ExpirationDate, JSON.stringify(rule)).toBeUndefined();
    }
  });
});
