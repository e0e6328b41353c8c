/**
 * The public surface holds against abuse, as deployed: the WAF web ACL on the distribution (a per-IP limit on
 * the write deployedRoutes, tunable per stage, and AWS's common rules), the API answering only requests that come
 * through the distribution (origin-check header), listing of the upload bucket only where a function reads, and
 * stored files expiring after the stage's retention.
 */
import { describe, expect, it } from 'vitest';
import { functions, localClientLimits, originVerifyHeader, originVerifySecretArnEnv, resourceName, deployedRoutes, writeRoutes, type FunctionName, type DeployedRouteDef } from '@shared/deployment/manifest';
import { countedCommonRules } from '../../infra/constructs/firewall';
import { checkStage, stageConfig, stages, type StageConfig } from '../../infra/stages';
import { dig, logicalIdOf, resourcesOf, synthStage, type SynthedStage } from './synth';

const dev = synthStage('dev');
const prod = synthStage('prod');

function webAcl(s: SynthedStage) {
  const acls = Object.entries(resourcesOf(s.edge, 'AWS::WAFv2::WebACL'));
  expect(acls).toHaveLength(1);
  const [id, acl] = acls[0]!;
  return { id, props: acl.Properties as Record<string, unknown> };
}

function rule(s: SynthedStage, name: string): Record<string, unknown> {
  const rules = dig(webAcl(s).props, 'Rules') as Record<string, unknown>[];
  const found = rules.find((r) => r.Name === name);
  expect(found, name).toBeDefined();
  return found!;
}

/** The (method, path) pairs a scope-down statement matches, read back from the template. */
function scopedRoutes(statement: unknown): string[] {
  const or = dig(statement, 'OrStatement', 'Statements') as unknown[] | undefined;
  const ands = or ?? [statement];
  return ands.map((and) => {
    const parts = dig(and, 'AndStatement', 'Statements') as Record<string, unknown>[];
    const method = parts.find((p) => dig(p, 'ByteMatchStatement', 'FieldToMatch', 'Method'));
    const path = parts.find((p) => dig(p, 'ByteMatchStatement', 'FieldToMatch', 'UriPath'));
    return `${String(dig(method, 'ByteMatchStatement', 'SearchString'))} ${String(dig(path, 'ByteMatchStatement', 'SearchString'))}`;
  });
}

describe('the WAF web ACL on the distribution', () => {
  it('is a CLOUDFRONT-scope ACL in the edge stack, in us-east-1, attached to the distribution', () => {
    const { id, props } = webAcl(dev);
    expect(props.Scope).toBe('CLOUDFRONT');
    expect(props.DefaultAction).toEqual({ Allow: {} });
    expect(dev.stacks.edge.region).toBe('us-east-1');
    const [distribution] = Object.values(resourcesOf(dev.edge, 'AWS::CloudFront::Distribution'));
    expect(dig(distribution!.Properties, 'DistributionConfig', 'WebACLId')).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
  });

  it('limits each IP on exactly the write deployedRoutes of shared/deployment/manifest.ts, by method and path, answering 429', () => {
    const limit = rule(dev, 'write-routes-per-ip');
    expect(dig(limit, 'Statement', 'RateBasedStatement', 'AggregateKeyType')).toBe('IP');
    expect(dig(limit, 'Statement', 'RateBasedStatement', 'EvaluationWindowSec')).toBe(300);
    const expected = writeRoutes.map((n) => `${deployedRoutes[n].method} ${deployedRoutes[n].path}`).sort();
    expect(scopedRoutes(dig(limit, 'Statement', 'RateBasedStatement', 'ScopeDownStatement')).sort()).toEqual(expected);
    // Every route that writes, except Stripe's signed webhook; reads are not limited.
    const writes = (Object.entries(deployedRoutes) as [string, DeployedRouteDef][]).filter(([, r]) => r.method !== 'GET').map(([n]) => n);
    expect([...writeRoutes].sort()).toEqual(writes.filter((n) => n !== 'stripeWebhook').sort());
    expect(dig(limit, 'Action', 'Block', 'CustomResponse', 'ResponseCode')).toBe(429);
    const key = dig(limit, 'Action', 'Block', 'CustomResponse', 'CustomResponseBodyKey') as string;
    expect(JSON.parse(dig(webAcl(dev).props, 'CustomResponseBodies', key, 'Content') as string)).toEqual({ message: 'Too many requests' });
  });

  it('takes the limit from each stage’s config (dev and prod differ), and an operator’s change reaches the ACL', () => {
    for (const s of [dev, prod]) {
      expect(dig(rule(s, 'write-routes-per-ip'), 'Statement', 'RateBasedStatement', 'Limit'), s.config.name).toBe(s.config.waf.writeRequestsPer5MinPerIp);
    }
    expect(dev.config.waf.writeRequestsPer5MinPerIp).not.toBe(prod.config.waf.writeRequestsPer5MinPerIp);
    const tuned: StageConfig = { ...stageConfig('dev'), name: 'tuned', waf: { writeRequestsPer5MinPerIp: 42 } };
    expect(dig(rule(synthStage(tuned), 'write-routes-per-ip'), 'Statement', 'RateBasedStatement', 'Limit')).toBe(42);
  });

  it('runs AWS’s common rule set, with only the 8 KB body-size rule counting instead of blocking', () => {
    const common = rule(dev, 'aws-common-rules');
    expect(dig(common, 'Statement', 'ManagedRuleGroupStatement')).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    expect(dig(common, 'OverrideAction')).toEqual({ None: {} });
    expect(dig(common, 'Statement', 'ManagedRuleGroupStatement', 'RuleActionOverrides')).toEqual(
      countedCommonRules.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    expect(countedCommonRules).toEqual(['SizeRestrictions_BODY']);
    // Why: form bodies may exceed the rule's 8 KB; each route's own limit (413) is the size guard.
    expect(Math.max(...writeRoutes.map((n) => deployedRoutes[n].maxBodyBytes))).toBeGreaterThan(8 * 1024);
  });

  it('keeps every write route’s shared throttle above what one client may send, so it is only a circuit breaker', () => {
    const mostOneClientMaySend = Math.max(localClientLimits.writeRequestsPer5MinPerIp, ...Object.values(stages).map((s) => s.waf.writeRequestsPer5MinPerIp));
    for (const name of writeRoutes) expect(deployedRoutes[name].throttle.burst, name).toBeGreaterThan(mostOneClientMaySend);
  });

  it('refuses a stage outside us-east-1 or a limit below WAF’s minimum of 10', () => {
    const check = (config: StageConfig) => () => checkStage(config);
    expect(check({ ...stageConfig('dev'), region: 'eu-west-1' })).toThrow(/us-east-1/);
    expect(check({ ...stageConfig('dev'), waf: { writeRequestsPer5MinPerIp: 9 } })).toThrow(/at least 10/);
    expect(check({ ...stageConfig('dev'), retention: { orphanedUploadDays: 1, attachmentDays: 3, submissionDays: 30, exportDays: 1 } })).toThrow(/attachment links/);
    expect(check({ ...stageConfig('dev'), retention: { orphanedUploadDays: 1, attachmentDays: 60, submissionDays: 30, exportDays: 1 } })).toThrow(/must not exceed retention.submissionDays/);
  });
});

describe('the API answers only through the site', () => {
  const apiFunctions = new Set(Object.values(deployedRoutes).map((r: DeployedRouteDef) => r.fn));

  it('the distribution sends the origin-check header to the API, its value a generated secret never written in the template', () => {
    const [distribution] = Object.values(resourcesOf(dev.edge, 'AWS::CloudFront::Distribution'));
    const origins = dig(distribution!.Properties, 'DistributionConfig', 'Origins') as Record<string, unknown>[];
    const api = origins.find((o) => dig(o, 'CustomOriginConfig') !== undefined)!;
    const headers = dig(api, 'OriginCustomHeaders') as { HeaderName: string; HeaderValue: unknown }[];
    expect(headers.map((h) => h.HeaderName)).toEqual([originVerifyHeader]);
    const secretId = logicalIdOf(dev.stacks.edge.originVerify);
    expect(JSON.stringify(headers[0]!.HeaderValue)).toMatch(new RegExp(`\\{\\{resolve:secretsmanager:.*${secretId}.*SecretString`));
    const secret = resourcesOf(dev.edge, 'AWS::SecretsManager::Secret')[secretId]!;
    expect(dig(secret.Properties, 'GenerateSecretString', 'PasswordLength')).toBeGreaterThanOrEqual(32);
    expect(dig(secret.Properties, 'SecretString')).toBeUndefined();
    expect(dig(secret.Properties, 'Name')).toBe(resourceName('dev', 'origin-verify'));
  });

  it('every API function knows where to read the expected value and may read it; no other function may', () => {
    const lambdas = Object.entries(resourcesOf(dev.stateless, 'AWS::Lambda::Function'));
    const policies = Object.values(resourcesOf(dev.stateless, 'AWS::IAM::Policy'));
    const seen = new Set<FunctionName>();
    for (const [, fn] of lambdas) {
      const name = (Object.keys(functions) as FunctionName[]).find((n) => dig(fn.Properties, 'FunctionName') === resourceName('dev', n));
      if (!name) continue;
      seen.add(name);
      const env = dig(fn.Properties, 'Environment', 'Variables') as Record<string, unknown>;
      const roleId = (dig(fn.Properties, 'Role', 'Fn::GetAtt') as [string])[0];
      const reads = policies.some(
        (p) =>
          (dig(p.Properties, 'Roles') as { Ref: string }[]).some((r) => r.Ref === roleId) &&
          JSON.stringify(dig(p.Properties, 'PolicyDocument')).match(/secretsmanager:GetSecretValue[^\]]*\].*OriginVerify|OriginVerify.*secretsmanager:GetSecretValue/) !== null,
      );
      expect(JSON.stringify(env[originVerifySecretArnEnv] ?? null).includes('OriginVerify'), name).toBe(apiFunctions.has(name));
      expect(reads, name).toBe(apiFunctions.has(name));
    }
    expect([...apiFunctions].every((f) => seen.has(f))).toBe(true);
    // The Stripe webhook is one of them: Stripe is given the site's address, so it also comes through CloudFront.
    expect(apiFunctions.has('stripeWebhook')).toBe(true);
  });
});

describe('storage kept tidy', () => {
  function uploadBucket(s: SynthedStage) {
    return resourcesOf(s.stateful, 'AWS::S3::Bucket')[logicalIdOf(s.stacks.stateful.uploads.buckets.uploads)]!.Properties;
  }

  it('expires unsubmitted uploads and copied attachments after each stage’s retention', () => {
    for (const s of [dev, prod]) {
      const rules = dig(uploadBucket(s), 'LifecycleConfiguration', 'Rules') as Record<string, unknown>[];
      expect(rules, s.config.name).toContainEqual(
        expect.objectContaining({ Prefix: 'incoming/', ExpirationInDays: s.config.retention.orphanedUploadDays, Status: 'Enabled' }),
      );
      expect(rules, s.config.name).toContainEqual(
        expect.objectContaining({ Prefix: 'attachments/', ExpirationInDays: s.config.retention.attachmentDays, Status: 'Enabled' }),
      );
    }
    expect(dev.config.retention.attachmentDays).not.toBe(prod.config.retention.attachmentDays);
    const tuned: StageConfig = { ...stageConfig('dev'), name: 'kept', retention: { orphanedUploadDays: 2, attachmentDays: 30, submissionDays: 45, exportDays: 2 } };
    const rules = dig(uploadBucket(synthStage(tuned)), 'LifecycleConfiguration', 'Rules') as Record<string, unknown>[];
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'incoming/', ExpirationInDays: 2 }));
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'attachments/', ExpirationInDays: 30 }));
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'exports/', ExpirationInDays: 2 }));
  });

  it('lets a function list the upload bucket only under the prefixes it reads', () => {
    const statements = Object.values(resourcesOf(dev.stateless, 'AWS::IAM::Policy')).flatMap(
      (p) => dig(p.Properties, 'PolicyDocument', 'Statement') as Record<string, unknown>[],
    );
    const listing = statements.filter((st) => [st.Action].flat().includes('s3:ListBucket'));
    const readers = (Object.keys(functions) as FunctionName[]).filter((n) => ((functions[n].buckets as { uploads?: { read?: string[] } }).uploads?.read ?? []).length > 0);
    expect(listing).toHaveLength(readers.length);
    for (const st of listing) {
      const prefixes = dig(st, 'Condition', 'StringLike', 's3:prefix') as string[];
      expect(prefixes.length).toBeGreaterThan(0);
      for (const p of prefixes) expect(p).toMatch(/^(incoming|attachments|exports)\/\*$/);
    }
    // attachmentLinks reads attachments only, so it may list only those.
    expect(listing.map((st) => dig(st, 'Condition', 'StringLike', 's3:prefix'))).toContainEqual(['attachments/*']);
  });
});
