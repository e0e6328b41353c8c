/**
 * The three hosts of the built site answer every route alike: the deployed hosting (the synthesized CloudFront
 * Functions run here as code, S3 as the build folder with the object metadata the deployment writes, the
 * response headers policies of the template), the local stack's site and the static server. Status, the file
 * served and the headers are compared; where the hosts differ on purpose (shared/deployment/hosting.ts lists each
 * "host difference"), the test checks that the difference is exactly the declared one.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetsCacheControl, htmlCacheControl, localHtmlCacheControl, routeTable, siteOriginRecord } from '@shared/deployment/hosting';
import { pages } from '@shared/content/site';
import { createSiteServer, type SiteServer } from '../../infra/local/site-server';
import { placeholderConfig, startStaticServer, type StaticServer } from '../../web/scripts/serve';
import { dig, resourcesOf, synthStage } from './synth';

// --- a build with every page of the route table, and more than one kind of inline script --------------------

const themeScript = "document.documentElement.dataset.theme=localStorage.getItem('theme')||'dark'";
/** Stands for any inline script a page may gain later: the policy must hash it without being told. */
const clickCaptureScript = 'window.__early=[];addEventListener("click",function(e){window.__early.push(e)},true)';
const jsonLd = '{"@context":"https://schema.org","@type":"Organization"}';
const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

const dist = mkdtempSync(join(tmpdir(), 'hosting-parity-'));
/** File in the build -> its content (each unique, so a body names the file it came from). */
const files = new Map<string, string>();
function put(file: string, content: string) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), content);
  files.set(file, content);
}
const page = (name: string, extra = '') =>
  `<!doctype html><html><head><script>${themeScript}</script><script type="application/ld+json">${jsonLd}</script>${extra}<script type="module" src="/assets/app-3f2a1b.js"></script></head><body>${name}</body></html>`;
for (const file of new Set(Object.values(routeTable().files))) {
  put(file, file === '/spa.html' ? page('app shell') : page(file, `<script>${clickCaptureScript}</script>`));
}
put('/404.html', page('not found'));
put('/assets/app-3f2a1b.js', 'console.log("app")');
put('/robots.txt', 'User-agent: *\nAllow: /\n');
put('/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The build's record of the origin its pages name (a deployed stage replaces it with its own).
writeFileSync(join(dist, siteOriginRecord), 'http://localhost:3000\n');

const paths = [
  ...Object.values(pages).flatMap((p) => (p.path === '/' ? ['/'] : [p.path, `${p.path}/`])),
  '/services/index.html',
  '/404.html',
  '/nope',
  '/services/extra',
  '/Services',
  '/profile/123',
  '/assets/app-3f2a1b.js',
  '/assets/missing-123.js',
  '/robots.txt',
  '/favicon.svg',
  '/missing.txt',
];

interface Answer {
  status: number;
  /** The build's file whose bytes were sent, if any. */
  file: string | undefined;
  headers: Record<string, string>;
}

// --- the deployed hosting, from the synthesized template --------------------------------------------------

type Handler = (event: unknown) => Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the exact code CloudFront will run
const load = (code: string) => new Function(`${code}\nreturn handler;`)() as Handler;

const stage = synthStage('dev', dist);
const distribution = Object.values(resourcesOf(stage.edge, 'AWS::CloudFront::Distribution'))[0]!.Properties!;
const behaviours = [
  dig(distribution, 'DistributionConfig', 'DefaultCacheBehavior') as Record<string, unknown>,
  ...(dig(distribution, 'DistributionConfig', 'CacheBehaviors') as Record<string, unknown>[]),
];

function functionCode(eventType: string): string {
  const assoc = (behaviours[0]!.FunctionAssociations as { EventType: string; FunctionARN: { 'Fn::GetAtt': [string] } }[]).find((a) => a.EventType === eventType)!;
  return dig(resourcesOf(stage.edge)[assoc.FunctionARN['Fn::GetAtt'][0]], 'Properties', 'FunctionCode') as string;
}

/** The headers a response headers policy adds, as the viewer receives them. */
function policyHeaders(behaviour: Record<string, unknown>): Record<string, string> {
  const policy = dig(resourcesOf(stage.edge)[(behaviour.ResponseHeadersPolicyId as { Ref: string }).Ref], 'Properties', 'ResponseHeadersPolicyConfig');
  const sec = dig(policy, 'SecurityHeadersConfig') as Record<string, Record<string, unknown>>;
  const hsts = sec.StrictTransportSecurity!;
  const headers: Record<string, string> = {
    'content-security-policy': String(sec.ContentSecurityPolicy!.ContentSecurityPolicy),
    'strict-transport-security': `max-age=${String(hsts.AccessControlMaxAgeSec)}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': String(sec.FrameOptions!.FrameOption),
    'referrer-policy': String(sec.ReferrerPolicy!.ReferrerPolicy),
  };
  for (const h of (dig(policy, 'CustomHeadersConfig', 'Items') ?? []) as { Header: string; Value: string }[]) headers[h.Header.toLowerCase()] = h.Value;
  return headers;
}

/** The Cache-Control the deployment stores with each object (S3 sends it back as the object's header). */
const deployments = Object.values(resourcesOf(stage.stateless, 'Custom::CDKBucketDeployment')).map((d) => d.Properties);
const assetsMetadata = deployments.find((d) => (dig(d, 'Include') as string[] | undefined)?.includes('assets/*'));
const pagesMetadata = deployments.find((d) => (dig(d, 'Exclude') as string[] | undefined)?.includes('assets/*'));
const objectCacheControl = (key: string) => String(dig(key.startsWith('/assets/') ? assetsMetadata : pagesMetadata, 'SystemMetadata', 'cache-control'));

function cloudFront(code: { request: string; response: string }) {
  const viewerRequest = load(code.request);
  const viewerResponse = load(code.response);
  return (path: string): Answer => {
    // CloudFront picks the behaviour by the viewer's path, before any function runs.
    const behaviour = behaviours.find((b) => b.PathPattern && path.startsWith(String(b.PathPattern).replace(/\*$/, ''))) ?? behaviours[0]!;
    const withFunctions = behaviour === behaviours[0];
    const key = withFunctions ? String(viewerRequest({ request: { uri: path, headers: {} } }).uri) : path;
    const inBucket = files.has(key);
    // The S3 origin (with LIST) answers a missing key 404, without the object's metadata.
    let status = inBucket ? 200 : 404;
    const headers: Record<string, string> = inBucket ? { 'cache-control': objectCacheControl(key) } : {};
    if (withFunctions) {
      status = Number(viewerResponse({ request: { uri: path, headers: {} }, response: { statusCode: status, statusDescription: '', headers: {} } }).statusCode);
    }
    return { status, file: inBucket ? key : undefined, headers: { ...headers, ...policyHeaders(behaviour) } };
  };
}

const deployed = cloudFront({ request: functionCode('viewer-request'), response: functionCode('viewer-response') });

// --- the two node servers ---------------------------------------------------------------------------------

const localOrigins = ['http://127.0.0.1:9229', 'http://127.0.0.1:4569'];
let staticServer: StaticServer;
let site: SiteServer;
let siteUrl: string;

beforeAll(async () => {
  staticServer = await startStaticServer({ dir: dist });
  site = createSiteServer(dist);
  await site.ready({ api: { handle: () => Promise.resolve(false) }, runtimeConfig: placeholderConfig, web: 'dist', connectOrigins: localOrigins });
  await new Promise<void>((done) => site.server.listen(0, '127.0.0.1', done));
  siteUrl = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await staticServer?.close();
  await site?.stop();
  await new Promise((done) => site?.server.close(done));
  rmSync(dist, { recursive: true, force: true });
});

async function fetchAnswer(base: string, path: string): Promise<Answer> {
  const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const body = await response.text();
  const file = [...files].find(([, content]) => content === body)?.[0];
  return { status: response.status, file, headers: Object.fromEntries(response.headers) };
}

// --- the comparison --------------------------------------------------------------------------------------

const sameEverywhere = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy'];

function directives(csp: string | undefined): Map<string, string> {
  return new Map((csp ?? '').split(/;\s*/).filter(Boolean).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]));
}

describe('the deployed hosting, the local stack and the static server', () => {
  it('answer every route with the same status and file', async () => {
    for (const path of paths) {
      const cf = deployed(path);
      expect(await fetchAnswer(siteUrl, path), path).toMatchObject({ status: cf.status, file: cf.file });
      expect(await fetchAnswer(staticServer.url, path), path).toMatchObject({ status: cf.status, file: cf.file });
    }
  });

  it('route as the page list says: prerendered pages, the app shell, the 404 page', () => {
    for (const p of Object.values(pages)) {
      const file = p.prerender ? (p.path === '/' ? '/index.html' : `${p.path}/index.html`) : '/spa.html';
      expect(deployed(p.path), p.path).toMatchObject({ status: 200, file });
    }
    for (const path of ['/nope', '/services/extra', '/Services', '/profile/123', '/404.html']) {
      expect(deployed(path), path).toMatchObject({ status: 404, file: '/404.html' });
    }
    for (const path of ['/assets/missing-123.js', '/missing.txt']) expect(deployed(path), path).toMatchObject({ status: 404, file: undefined });
  });

  it('send the same security headers, and the same CSP but for the declared host differences', async () => {
    for (const path of paths) {
      const cf = deployed(path).headers;
      const cfCsp = directives(cf['content-security-policy']);
      for (const [base, own] of [
        [siteUrl, localOrigins],
        [staticServer.url, []],
      ] as const) {
        const node = (await fetchAnswer(base, path)).headers;
        for (const name of sameEverywhere) expect(node[name], `${name} of ${path}`).toBe(cf[name]);
        // Host difference: HSTS and upgrade-insecure-requests only over HTTPS.
        expect(cf['strict-transport-security'], path).toMatch(/^max-age=\d+; includeSubDomains$/);
        expect(node['strict-transport-security'], path).toBeUndefined();
        const nodeCsp = directives(node['content-security-policy']);
        expect(cfCsp.has('upgrade-insecure-requests'), path).toBe(true);
        expect(nodeCsp.has('upgrade-insecure-requests'), path).toBe(false);
        // Host difference: connect-src names each host's own backends.
        expect(nodeCsp.get('connect-src'), path).toBe(["'self'", ...own].join(' '));
        expect(cfCsp.get('connect-src'), path).toMatch(/^'self' https:\/\/cognito-idp\.[a-z0-9-]+\.amazonaws\.com https:\/\//);
        for (const name of new Set([...cfCsp.keys(), ...nodeCsp.keys()])) {
          if (name === 'connect-src' || name === 'upgrade-insecure-requests') continue;
          expect(nodeCsp.get(name), `${name} of ${path}`).toBe(cfCsp.get(name));
        }
      }
    }
  });

  it('cache hashed assets for a year everywhere and let browsers revalidate everything else', async () => {
    for (const path of paths) {
      const cf = deployed(path);
      if (!cf.file) continue;
      const expected = cf.file.startsWith('/assets/') ? assetsCacheControl : htmlCacheControl;
      expect(cf.headers['cache-control'], path).toBe(expected);
      // Host difference: no CDN in front of the node servers, so only the browser's part of htmlCacheControl.
      const local = expected === htmlCacheControl ? localHtmlCacheControl : expected;
      expect((await fetchAnswer(siteUrl, path)).headers['cache-control'], path).toBe(local);
      expect((await fetchAnswer(staticServer.url, path)).headers['cache-control'], path).toBe(local);
    }
  });

  it("allow every inline script of the build by its hash, and nothing for data blocks", () => {
    const scriptSrc = directives(deployed('/').headers['content-security-policy']).get('script-src');
    expect(scriptSrc).toBe(["'self'", ...[hash(themeScript), hash(clickCaptureScript)].sort()].join(' '));
    expect(scriptSrc).not.toContain(hash(jsonLd));
  });

  it('the CloudFront code printed by tsx (as `cdk synth` runs the app) routes the same', () => {
    // The Functions' code is the route function's own source text, so the printer of the runner matters.
    const printed = JSON.parse(
      execFileSync(
        'npx',
        [
          'tsx',
          '-e',
          "import { viewerRequestSource as q, viewerResponseSource as r } from './shared/deployment/hosting.ts'; process.stdout.write(JSON.stringify({ request: q(), response: r() }))",
        ],
        { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8' },
      ),
    ) as { request: string; response: string };
    const asSynthesized = cloudFront(printed);
    for (const path of paths) expect(asSynthesized(path), path).toEqual(deployed(path));
  });
});

it('the fixture build is complete', () => {
  for (const file of files.keys()) expect(existsSync(join(dist, file)), file).toBe(true);
  expect(readFileSync(join(dist, '404.html'), 'utf8')).toContain('not found');
});

it('a node server left running across a rebuild allows the new build’s inline scripts', async () => {
  const before = readFileSync(join(dist, 'index.html'), 'utf8');
  const added = 'window.rebuilt=1';
  try {
    writeFileSync(join(dist, 'index.html'), before.replace('</head>', `<script>${added}</script></head>`));
    // Every build ends by rewriting its record of inline content.
    writeFileSync(join(dist, 'csp-hashes.json'), JSON.stringify({ 'script-src': [] }));
    for (const base of [siteUrl, staticServer.url]) {
      const csp = (await fetchAnswer(base, '/')).headers['content-security-policy'];
      expect(directives(csp).get('script-src'), base).toContain(hash(added));
    }
  } finally {
    writeFileSync(join(dist, 'index.html'), before);
    rmSync(join(dist, 'csp-hashes.json'), { force: true });
  }
});
