/**
 * The deployed site names its own address: robots.txt, sitemap.xml and each page's og:url and og:image point at
 * the stage's origin (its custom domain, or the distribution's address), never at the laptop's
 * http://localhost:3000 the build was made with. The origin is written at deploy time: the page deployment
 * replaces the origin the build recorded with the stage's, as the BucketDeployment handler replaces markers (every
 * occurrence, in every file of the source). Here the deployment's source files, as staged in the cloud assembly,
 * go through that replacement with the origin CloudFormation would resolve, and what would be uploaded is read.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pages } from '@shared/content/site';
import { settings } from '@shared/deployment/settings';
import { siteOriginRecord } from '@shared/deployment/hosting';
import { stageConfig, type StageConfig } from '../../infra/stages';
import { metaOf } from '../../web/src/app/head';
import { headTags } from '../../web/src/app/head-tags';
import { robotsTxt, sitemapXml } from '../../web/scripts/seo';
import { dig, fixtureInlineScript, resourcesOf, synthStage, type SynthedStage } from './synth';

const localOrigin = settings.SITE_ORIGIN.localDefault;

/** A build as `npm run build:web` makes it without SITE_ORIGIN: pages, sitemap and robots for localhost. */
function localBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-origin-build-'));
  const page = (head: string) => `<!doctype html><html><head>${head}<script>${fixtureInlineScript}</script></head><body></body></html>`;
  for (const def of Object.values(pages)) {
    if (!def.prerender) continue;
    const file = def.path === '/' ? 'index.html' : join(def.path.slice(1), 'index.html');
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), page(headTags(metaOf(def), localOrigin)));
    // The precompressed copies the local servers send: bytes no text replacement can reach.
    writeFileSync(join(dir, `${file}.gz`), 'gzip bytes of the page');
  }
  writeFileSync(join(dir, 'spa.html'), page(headTags({ title: 'x' }, localOrigin, 'y')));
  writeFileSync(join(dir, '404.html'), page(''));
  writeFileSync(join(dir, 'sitemap.xml'), sitemapXml(localOrigin));
  writeFileSync(join(dir, 'robots.txt'), robotsTxt(localOrigin));
  writeFileSync(join(dir, siteOriginRecord), `${localOrigin}\n`);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-3f2a1b.js'), 'console.log(1)');
  return dir;
}

const build = localBuild();

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** aws s3 sync's --exclude/--include patterns, as the deployment passes them. */
const matches = (pattern: string, file: string) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(file);

/** Turns a marker value from the template into the string CloudFormation would resolve it to. */
function resolve(value: unknown, distributionDomain: string): string {
  if (typeof value === 'string') return value;
  const join = dig(value, 'Fn::Join') as [string, unknown[]] | undefined;
  if (join) return join[1].map((part) => resolve(part, distributionDomain)).join(join[0]);
  if (dig(value, 'Fn::ImportValue') !== undefined || dig(value, 'Fn::GetAtt') !== undefined) return distributionDomain;
  throw new Error(`cannot resolve ${JSON.stringify(value)}`);
}

/** What the page deployment of a stage would upload: file -> content. */
function uploadedPages(s: SynthedStage, distributionDomain: string): Map<string, string> {
  const deployments = Object.values(resourcesOf(s.stateless, 'Custom::CDKBucketDeployment')).map((d) => d.Properties!);
  const pagesDeployment = deployments.find((d) => (d.Exclude as string[] | undefined)?.includes('assets/*'));
  expect(pagesDeployment).toBeDefined();
  const keys = pagesDeployment!.SourceObjectKeys as string[];
  const markers = (pagesDeployment!.SourceMarkers ?? []) as Record<string, unknown>[];
  const exclude = pagesDeployment!.Exclude as string[];
  const assemblyDir = s.app.outdir;
  const uploaded = new Map<string, string>();
  keys.forEach((key, i) => {
    const dir = join(assemblyDir, `asset.${key.replace(/\.zip$/, '')}`);
    let sourceFiles: string[];
    try {
      sourceFiles = files(dir);
    } catch {
      return; // Source.jsonData (config.json) is staged as a file, not a folder
    }
    for (const file of sourceFiles) {
      if (exclude.some((p) => matches(p, file))) continue;
      let content = readFileSync(join(dir, file), 'utf8');
      for (const [marker, value] of Object.entries(markers[i] ?? {})) content = content.split(marker).join(resolve(value, distributionDomain));
      uploaded.set(file, content);
    }
  });
  return uploaded;
}

describe('the deployed site names its own origin', () => {
  const cloudFront = 'd1a2b3c4d5e6f7.cloudfront.net';

  it('without a custom domain: the distribution’s address, and no localhost anywhere', () => {
    const uploaded = uploadedPages(synthStage(stageConfig('dev'), build), cloudFront);
    expect([...uploaded.keys()]).toEqual(expect.arrayContaining(['index.html', 'robots.txt', 'sitemap.xml', 'services/index.html', 'spa.html']));
    for (const [file, content] of uploaded) expect(content, file).not.toContain('localhost');
    expect(uploaded.get('robots.txt')).toContain(`Sitemap: https://${cloudFront}/sitemap.xml`);
    expect(uploaded.get('sitemap.xml')).toContain(`<loc>https://${cloudFront}/services</loc>`);
    expect(uploaded.get('services/index.html')).toContain(`<meta property="og:url" content="https://${cloudFront}/services">`);
    expect(uploaded.get('index.html')).toContain(`<meta property="og:image" content="https://${cloudFront}/og-image.jpg">`);
    // Precompressed copies cannot be rewritten: they are not uploaded (CloudFront compresses by itself).
    expect([...uploaded.keys()].filter((f) => f.endsWith('.gz') || f.endsWith('.br'))).toEqual([]);
    expect(uploaded.has(siteOriginRecord)).toBe(false);
  });

  it('with a custom domain: that domain', () => {
    const base = stageConfig('prod');
    const withSite: StageConfig = {
      ...base,
      site: { domainName: 'www.northwind-automation.com', certificateArn: `arn:aws:acm:us-east-1:${base.account}:certificate/0f0c7a3e-2b1d-4c55-9a51-1d0e6c1b2a77` },
    };
    const uploaded = uploadedPages(synthStage(withSite, build), cloudFront);
    for (const [file, content] of uploaded) expect(content, file).not.toContain('localhost');
    expect(uploaded.get('robots.txt')).toContain('Sitemap: https://www.northwind-automation.com/sitemap.xml');
    expect(uploaded.get('about/index.html')).toContain('content="https://www.northwind-automation.com/about"');
  });
});
