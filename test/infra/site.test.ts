/**
 * Hosting as a visitor meets it: private buckets reached only through CloudFront, the page routing (run here as
 * the real CloudFront Function code), caching, and the security headers every response carries.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pages } from '@shared/content/site';
import { stageConfig, type StageConfig } from '../../infra/stages';
import { bucketPhysicalName } from '../../infra/lib/names';
import { contentSecurityPolicy } from '../../infra/constructs/site';
import { assetsCacheControl, htmlCacheControl, inlineContent } from '@shared/deployment/hosting';
import { allTemplates, dig, fixtureInlineScript, logicalIdOf, resourcesOf, synthStage, webDistFixture } from './synth';

const dev = synthStage('dev');

type Distribution = {
  DistributionConfig: {
    DefaultCacheBehavior: Record<string, unknown> & { FunctionAssociations: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[] };
    CacheBehaviors: (Record<string, unknown> & { PathPattern: string })[];
    Origins: Record<string, unknown>[];
    CustomErrorResponses?: unknown[];
    [k: string]: unknown;
  };
};

function distributionOf(s = dev): Distribution {
  const [d] = Object.values(resourcesOf(s.edge, 'AWS::CloudFront::Distribution'));
  return d!.Properties as unknown as Distribution;
}

/** Loads a CloudFront Function's code from the template and returns its handler. */
function cloudFrontHandler(eventType: 'viewer-request' | 'viewer-response') {
  const assoc = distributionOf().DistributionConfig.DefaultCacheBehavior.FunctionAssociations.find((a) => a.EventType === eventType);
  const logicalId = assoc!.FunctionARN['Fn::GetAtt'][0];
  const fn = resourcesOf(dev.edge)[logicalId]!;
  const code = (fn.Properties as { FunctionCode: string; FunctionConfig: { Runtime: string } }).FunctionCode;
  expect((fn.Properties as { FunctionConfig: { Runtime: string } }).FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the exact code CloudFront will run
  return new Function(`${code}\nreturn handler;`)() as (event: unknown) => { uri?: string; statusCode?: number; statusDescription?: string };
}

function securityHeaders(s = dev) {
  const policies = Object.values(resourcesOf(s.edge, 'AWS::CloudFront::ResponseHeadersPolicy'));
  return policies.map(
    (p) =>
      (p.Properties as {
        ResponseHeadersPolicyConfig: {
          Name: string;
          SecurityHeadersConfig: Record<string, Record<string, unknown>>;
          CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] };
        };
      }).ResponseHeadersPolicyConfig,
  );
}

function cspOf(s = dev): Map<string, string[]> {
  const csp = securityHeaders(s)[0]!.SecurityHeadersConfig.ContentSecurityPolicy!.ContentSecurityPolicy as string;
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name as string, values];
    }),
  );
}

describe('buckets', () => {
  it('every bucket of every stack blocks public access, is encrypted and refuses plain HTTP', () => {
    let count = 0;
    for (const template of allTemplates(dev)) {
      const buckets = resourcesOf(template, 'AWS::S3::Bucket');
      const policies = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'));
      for (const [id, bucket] of Object.entries(buckets)) {
        count += 1;
        expect(bucket.Properties?.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties?.BucketEncryption, id).toBeDefined();
        const policy = policies.find((p) => JSON.stringify((p.Properties as { Bucket: unknown }).Bucket) === JSON.stringify({ Ref: id }));
        const statements = (dig(policy?.Properties, 'PolicyDocument', 'Statement') ?? []) as Record<string, unknown>[];
        expect(statements, id).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        );
        // Nothing is ever granted to everyone.
        for (const s of statements.filter((st) => st.Effect === 'Allow')) expect(s.Principal, id).not.toBe('*');
      }
    }
    expect(count).toBe(4); // site, uploads and one access-log bucket per stack that owns buckets
  });

  it('the site bucket is read only by this distribution, through origin access control', () => {
    const distribution = distributionOf();
    const siteBucket = logicalIdOf(dev.stacks.edge.site.bucket);
    const s3Origin = distribution.DistributionConfig.Origins.find(
      (o) => JSON.stringify(o.DomainName) === JSON.stringify({ 'Fn::GetAtt': [siteBucket, 'RegionalDomainName'] }),
    )!;
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(s3Origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    dev.edge.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
    const policy = Object.values(resourcesOf(dev.edge, 'AWS::S3::BucketPolicy')).find(
      (p) => JSON.stringify((p.Properties as { Bucket: unknown }).Bucket) === JSON.stringify({ Ref: siteBucket }),
    )!;
    const grants = (dig(policy.Properties, 'PolicyDocument', 'Statement') as unknown[]).filter(
      (st) => dig(st, 'Effect') === 'Allow' && dig(st, 'Principal', 'Service') === 'cloudfront.amazonaws.com',
    );
    expect(grants).toHaveLength(1);
    expect(dig(grants[0], 'Action')).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(JSON.stringify(dig(grants[0], 'Condition', 'StringEquals', 'AWS:SourceArn'))).toContain(logicalIdOf(dev.stacks.edge.site.distribution));
  });

  it('the upload bucket takes browser posts from the site origin only and forgets unclaimed uploads after a day', () => {
    const uploads = resourcesOf(dev.stateful, 'AWS::S3::Bucket')[logicalIdOf(dev.stacks.stateful.uploads.buckets.uploads)]!;
    const props = uploads.Properties;
    expect(dig(props, 'BucketName')).toBe(bucketPhysicalName(dev.config, 'uploads'));
    expect(dig(props, 'CorsConfiguration', 'CorsRules')).toHaveLength(1);
    const rule = dig(props, 'CorsConfiguration', 'CorsRules', 0);
    expect(dig(rule, 'AllowedMethods')).toEqual(['POST']);
    expect(dig(rule, 'AllowedOrigins')).toEqual([{ 'Fn::Join': ['', ['https://', { 'Fn::ImportValue': expect.stringContaining('SiteDistribution') }]] }]);
    expect(dig(props, 'LifecycleConfiguration', 'Rules')).toContainEqual(expect.objectContaining({ Prefix: 'incoming/', ExpirationInDays: 1, Status: 'Enabled' }));
  });
});

describe('routing', () => {
  const request = cloudFrontHandler('viewer-request');
  const response = cloudFrontHandler('viewer-response');
  const rewrite = (uri: string) => request({ request: { uri, headers: {} } }).uri;
  const statusFor = (uri: string, statusCode = 200) =>
    response({ request: { uri, headers: {} }, response: { statusCode, statusDescription: 'OK', headers: {} } }).statusCode;

  it('serves each prerendered page as its own HTML file', () => {
    for (const page of Object.values(pages).filter((p) => p.prerender)) {
      const file = page.path === '/' ? '/index.html' : `${page.path}/index.html`;
      expect(rewrite(page.path), page.path).toBe(file);
      expect(statusFor(page.path), page.path).toBe(200);
    }
    expect(rewrite('/services/')).toBe('/services/index.html');
  });

  it('answers the other app routes with the app shell', () => {
    for (const page of Object.values(pages).filter((p) => !p.prerender)) {
      expect(rewrite(page.path), page.path).toBe('/spa.html');
      expect(statusFor(page.path), page.path).toBe(200);
    }
  });

  it('answers unknown paths with the 404 page and status 404', () => {
    for (const uri of ['/nope', '/services/extra', '/Services', '/profile/123']) {
      expect(rewrite(uri), uri).toBe('/404.html');
      expect(statusFor(uri), uri).toBe(404);
      // Whether CloudFront hands the response function the original or the rewritten URI, the status is 404.
      expect(statusFor('/404.html'), uri).toBe(404);
    }
    // A revalidation answer is left alone.
    expect(statusFor('/nope', 304)).toBe(304);
  });

  it('passes files through untouched', () => {
    for (const uri of ['/assets/app-3f2a1b.js', '/config.json', '/robots.txt', '/favicon.svg', '/services/index.html']) {
      expect(rewrite(uri), uri).toBe(uri);
      expect(statusFor(uri), uri).toBe(200);
    }
  });

  it('uses no distribution-wide error pages, so the API keeps its own 4xx answers', () => {
    expect(distributionOf().DistributionConfig.CustomErrorResponses).toBeUndefined();
    const api = distributionOf().DistributionConfig.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api.FunctionAssociations).toBeUndefined();
  });
});

describe('delivery and caching', () => {
  it('serves over HTTPS with HTTP/2 and HTTP/3, compressed', () => {
    const config = distributionOf().DistributionConfig;
    expect(config.HttpVersion).toBe('http2and3');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
    for (const b of config.CacheBehaviors) {
      expect(b.Compress, b.PathPattern).toBe(true);
      expect(['redirect-to-https', 'https-only'], b.PathPattern).toContain(b.ViewerProtocolPolicy);
    }
    expect(config.Logging).toBeDefined();
  });

  it('caches hashed assets for a year as immutable and revalidates HTML', () => {
    const config = distributionOf().DistributionConfig;
    const assets = config.CacheBehaviors.find((b) => b.PathPattern === '/assets/*')!;
    const policies = resourcesOf(dev.edge, 'AWS::CloudFront::CachePolicy');
    const ttl = (ref: unknown) => (policies[(ref as { Ref: string }).Ref]!.Properties as { CachePolicyConfig: { DefaultTTL: number; MaxTTL: number; MinTTL: number } }).CachePolicyConfig;
    expect(ttl(assets.CachePolicyId)).toMatchObject({ DefaultTTL: 31_536_000, MaxTTL: 31_536_000 });
    expect(ttl(config.DefaultCacheBehavior.CachePolicyId)).toMatchObject({ DefaultTTL: 0, MinTTL: 0 });
    const assetHeaders = securityHeaders().find((p) => p.CustomHeadersConfig?.Items.some((h) => h.Header === 'Cache-Control'))!;
    expect(assetHeaders.CustomHeadersConfig!.Items).toContainEqual({ Header: 'Cache-Control', Value: 'public, max-age=31536000, immutable', Override: true });

    // The copies: assets with the immutable header and never pruned, the rest revalidated, pruned and invalidated.
    const deployments = Object.values(resourcesOf(dev.stateless, 'Custom::CDKBucketDeployment')).map((d) => d.Properties);
    const assetCopy = deployments.find((d) => (dig(d, 'Include') as string[] | undefined)?.includes('assets/*'));
    const pageCopy = deployments.find((d) => (dig(d, 'Exclude') as string[] | undefined)?.includes('assets/*'));
    expect(dig(assetCopy, 'SystemMetadata')).toEqual({ 'cache-control': assetsCacheControl });
    expect(dig(assetCopy, 'Prune')).toBe(false);
    expect(dig(pageCopy, 'SystemMetadata')).toEqual({ 'cache-control': htmlCacheControl });
    expect(dig(pageCopy, 'Prune')).toBe(true);
    expect(dig(pageCopy, 'DistributionPaths')).toEqual(['/*']);
    expect(htmlCacheControl).toMatch(/max-age=0/);
  });

  it('serves the API at /api/* uncached, with every method and the Authorization header', () => {
    const api = distributionOf().DistributionConfig.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']));
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
    const origin = distributionOf().DistributionConfig.Origins.find((o) => o.Id === api.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain(logicalIdOf(dev.stacks.edge.endpoint.api));
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });
});

describe('security headers', () => {
  it('every behaviour sends HSTS, nosniff, a referrer policy and forbids framing', () => {
    const config = distributionOf().DistributionConfig;
    const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    for (const b of behaviours) expect(b.ResponseHeadersPolicyId, String(b.PathPattern ?? 'default')).toBeDefined();
    for (const policy of securityHeaders()) {
      const h = policy.SecurityHeadersConfig;
      expect(h.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true });
      expect(h.ContentTypeOptions).toEqual({ Override: true });
      expect(h.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
      expect(h.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    }
  });

  it('the CSP allows only the site itself, Cognito and the upload bucket, and no framing', () => {
    const csp = cspOf();
    const region = dev.config.region;
    const bucket = bucketPhysicalName(dev.config, 'uploads');
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      `https://cognito-idp.${region}.amazonaws.com`,
      `https://${bucket}.s3.${region}.amazonaws.com`,
      `https://${bucket}.s3.amazonaws.com`,
    ]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    // Scripts: own files plus exactly the build's inline script, by hash; never 'unsafe-inline' or 'unsafe-eval'.
    const hash = `'sha256-${createHash('sha256').update(fixtureInlineScript).digest('base64')}'`;
    expect(csp.get('script-src')).toEqual(["'self'", hash]);
    for (const values of csp.values()) for (const v of values) expect(v).not.toBe('*');
  });
});

describe('content security policy inputs', () => {
  it('allows inline style attributes only when the built HTML has some', () => {
    const base = { region: 'eu-west-1', uploadEndpoints: [], scriptHashes: [] };
    expect(contentSecurityPolicy({ ...base, styleAttributes: 0 })).toContain("style-src 'self';");
    expect(contentSecurityPolicy({ ...base, styleAttributes: 2 })).toContain("style-src 'self' 'unsafe-inline';");
  });

  it('hashes executable inline scripts of the build and ignores JSON-LD and external scripts', () => {
    expect(inlineContent(webDistFixture())).toEqual({
      scriptHashes: [`'sha256-${createHash('sha256').update(fixtureInlineScript).digest('base64')}'`],
      styleHashes: [],
      styleAttributes: 0,
    });
  });
});

describe('custom domain', () => {
  const withDomain: StageConfig = {
    ...stageConfig('prod'),
    site: {
      domainName: 'www.cadence-ai.example',
      certificateArn: 'arn:aws:acm:us-east-1:222222222222:certificate/00000000-0000-0000-0000-000000000000',
      hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'cadence-ai.example' },
    },
  };
  const s = synthStage(withDomain);

  it('answers on the domain with its certificate, TLS 1.2 or newer, and alias records', () => {
    const config = distributionOf(s).DistributionConfig;
    expect(config.Aliases).toEqual(['www.cadence-ai.example']);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: withDomain.site!.certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    s.edge.resourceCountIs('AWS::Route53::RecordSet', 2);
  });

  it('uses the domain as the site origin everywhere (uploads CORS, mail links, Stripe return URLs)', () => {
    const uploads = resourcesOf(s.stateful, 'AWS::S3::Bucket')[logicalIdOf(s.stacks.stateful.uploads.buckets.uploads)]!;
    expect(dig(uploads.Properties, 'CorsConfiguration', 'CorsRules', 0, 'AllowedOrigins')).toEqual(['https://www.cadence-ai.example']);
    const fns = Object.values(resourcesOf(s.stateless, 'AWS::Lambda::Function')).map(
      (f) => (dig(f.Properties, 'Environment', 'Variables') ?? {}) as Record<string, unknown>,
    );
    const origins = fns.filter((v) => 'SITE_ORIGIN' in v).map((v) => v.SITE_ORIGIN);
    expect(origins.length).toBeGreaterThan(0);
    for (const o of origins) expect(o).toBe('https://www.cadence-ai.example');
  });
});
