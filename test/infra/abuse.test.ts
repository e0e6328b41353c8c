/**
 * The public surface holds against abuse, as deployed: the WAF web ACL on the distribution (signed-in routes need a
 * token, per-IP limits on every route, tunable per stage, and AWS's common rules), the API answering only requests that come
 * through the distribution (origin-check header), listing of the upload bucket only where a function reads, and
 * stored files expiring after the stage's retention.
 */
import { describe, expect, it } from 'vitest';
import {
  clientLimitOf,
  clientLimitSetting,
  functions,
  localClientLimits,
  originVerifyHeader,
  originVerifySecretArnEnv,
  resourceName,
  deployedRoutes,
  routesLimitedBy,
  writeRoutes,
  type ClientLimitClass,
  type FunctionName,
  type DeployedRouteDef,
} from '@shared/deployment/manifest';
import { needsSignIn, type RouteName } from '@shared/contract/api';
import { appValidatedBodyRoutes, bodyRules, clientLimitRules, countedCommonRules, missingTokenRule } from '../../infra/constructs/firewall';
import { checkStage, stageConfig, stages, type StageConfig } from '../../infra/stages';
import { bucketPhysicalName } from '../../infra/lib/names';
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

  const limits = Object.keys(clientLimitRules) as ClientLimitClass[];
  const routeNames = Object.keys(deployedRoutes) as RouteName[];

  it('refuses a signed-in route’s request without a token first (401, counted by no limit), matching exactly the signed-in routes', () => {
    const rules = dig(webAcl(dev).props, 'Rules') as Record<string, unknown>[];
    expect(rules[0]?.Name).toBe(missingTokenRule);
    const parts = dig(rules[0], 'Statement', 'AndStatement', 'Statements') as unknown[];
    const signedIn = routeNames.filter((n) => needsSignIn(deployedRoutes[n])).map((n) => `${deployedRoutes[n].method} ${deployedRoutes[n].path}`);
    expect(scopedRoutes(parts[0]).sort()).toEqual(signedIn.sort());
    expect(dig(parts[1], 'NotStatement', 'Statement', 'SizeConstraintStatement')).toMatchObject({
      FieldToMatch: { SingleHeader: { Name: 'authorization' } },
      ComparisonOperator: 'GT',
      Size: 0,
    });
    expect(dig(rules[0], 'Action', 'Block', 'CustomResponse', 'ResponseCode')).toBe(401);
    const key = dig(rules[0], 'Action', 'Block', 'CustomResponse', 'CustomResponseBodyKey') as string;
    expect(JSON.parse(dig(webAcl(dev).props, 'CustomResponseBodies', key, 'Content') as string)).toEqual({ message: 'Unauthorized' });
  });

  it('limits each IP on every route of shared/deployment/manifest.ts, each route by exactly one rule, by method and path, answering 429', () => {
    const covered: string[] = [];
    for (const limit of limits) {
      const rule_ = rule(dev, clientLimitRules[limit]);
      expect(dig(rule_, 'Statement', 'RateBasedStatement', 'AggregateKeyType')).toBe('IP');
      expect(dig(rule_, 'Statement', 'RateBasedStatement', 'EvaluationWindowSec')).toBe(300);
      const scoped = scopedRoutes(dig(rule_, 'Statement', 'RateBasedStatement', 'ScopeDownStatement'));
      expect(scoped.sort()).toEqual(routesLimitedBy(limit).map((n) => `${deployedRoutes[n].method} ${deployedRoutes[n].path}`).sort());
      covered.push(...scoped);
      expect(dig(rule_, 'Action', 'Block', 'CustomResponse', 'ResponseCode')).toBe(429);
      const key = dig(rule_, 'Action', 'Block', 'CustomResponse', 'CustomResponseBodyKey') as string;
      expect(JSON.parse(dig(webAcl(dev).props, 'CustomResponseBodies', key, 'Content') as string)).toEqual({ message: 'Too many requests' });
    }
    // Every route, reads included, exactly once.
    expect(covered.sort()).toEqual(routeNames.map((n) => `${deployedRoutes[n].method} ${deployedRoutes[n].path}`).sort());
    // A route's limit follows from its method unless its binding names one (Stripe's webhook).
    expect(routeNames.filter((n) => deployedRoutes[n].method === 'GET').every((n) => clientLimitOf(n) === 'reads')).toBe(true);
    expect(clientLimitOf('stripeWebhook')).toBe('stripeWebhook');
    expect([...writeRoutes].sort()).toEqual(routeNames.filter((n) => deployedRoutes[n].method !== 'GET' && n !== 'stripeWebhook').sort());
  });

  it('takes the limits from each stage’s config (dev and prod differ), and an operator’s change reaches the ACL', () => {
    for (const s of [dev, prod]) {
      for (const limit of limits) {
        expect(dig(rule(s, clientLimitRules[limit]), 'Statement', 'RateBasedStatement', 'Limit'), `${s.config.name} ${limit}`).toBe(s.config.waf[clientLimitSetting[limit]]);
      }
    }
    expect(dev.config.waf.writeRequestsPer5MinPerIp).not.toBe(prod.config.waf.writeRequestsPer5MinPerIp);
    const tuned: StageConfig = { ...stageConfig('dev'), name: 'tuned', waf: { writeRequestsPer5MinPerIp: 42, readRequestsPer5MinPerIp: 43, stripeWebhookRequestsPer5MinPerIp: 44 } };
    const synthed = synthStage(tuned);
    expect(limits.map((l) => dig(rule(synthed, clientLimitRules[l]), 'Statement', 'RateBasedStatement', 'Limit'))).toEqual([42, 43, 44]);
  });

  it('runs AWS’s common rule set with its body rules counting, the 8 KB size rule among them', () => {
    const common = rule(dev, 'aws-common-rules');
    expect(dig(common, 'Statement', 'ManagedRuleGroupStatement')).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    expect(dig(common, 'OverrideAction')).toEqual({ None: {} });
    expect(dig(common, 'Statement', 'ManagedRuleGroupStatement', 'RuleActionOverrides')).toEqual(
      countedCommonRules.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    expect([...countedCommonRules].sort()).toEqual(['CrossSiteScripting_BODY', 'EC2MetaDataSSRF_BODY', 'GenericLFI_BODY', 'GenericRFI_BODY', 'SizeRestrictions_BODY']);
    // Why the size rule counts everywhere: form bodies may exceed its 8 KB; each route's own limit (413) is the size guard.
    expect(Math.max(...writeRoutes.map((n) => deployedRoutes[n].maxBodyBytes))).toBeGreaterThan(8 * 1024);
  });

  /**
   * The web ACL of the template, evaluated as WAF does for what these rules use: rules in priority order; the common
   * rule set's matching rules block, or (overridden to count) add their label; byte matches on method and path, size
   * constraints on a header, label matches, and/or/not. Rate-based rules are taken as not over their limit.
   */
  function verdict(s: SynthedStage, request: { method: string; path: string; authorization?: string; commonRulesMatching: string[] }): 'allow' | 'block' {
    const labels = new Set<string>();
    const test = (st: unknown): boolean => {
      const byte = dig(st, 'ByteMatchStatement') as Record<string, unknown> | undefined;
      if (byte) {
        const value = dig(byte, 'FieldToMatch', 'Method') ? request.method : request.path;
        return byte.PositionalConstraint === 'EXACTLY' ? value === byte.SearchString : value.startsWith(String(byte.SearchString));
      }
      if (dig(st, 'SizeConstraintStatement')) return (request.authorization ?? '').length > Number(dig(st, 'SizeConstraintStatement', 'Size'));
      if (dig(st, 'LabelMatchStatement')) return labels.has(String(dig(st, 'LabelMatchStatement', 'Key')));
      if (dig(st, 'AndStatement')) return (dig(st, 'AndStatement', 'Statements') as unknown[]).every(test);
      if (dig(st, 'OrStatement')) return (dig(st, 'OrStatement', 'Statements') as unknown[]).some(test);
      if (dig(st, 'NotStatement')) return !test(dig(st, 'NotStatement', 'Statement'));
      if (dig(st, 'RateBasedStatement')) return false;
      throw new Error(`a statement this evaluator does not know: ${JSON.stringify(st).slice(0, 200)}`);
    };
    const rules = [...(dig(webAcl(s).props, 'Rules') as Record<string, unknown>[])].sort((a, b) => Number(a.Priority) - Number(b.Priority));
    for (const r of rules) {
      const group = dig(r, 'Statement', 'ManagedRuleGroupStatement');
      if (group) {
        const counted = new Set(((dig(group, 'RuleActionOverrides') as { Name: string }[] | undefined) ?? []).map((o) => o.Name));
        for (const matched of request.commonRulesMatching) {
          if (!counted.has(matched)) return 'block';
          labels.add(bodyRules[matched as keyof typeof bodyRules] ?? `awswaf:managed:aws:core-rule-set:${matched}`);
        }
      } else if (test(r.Statement) && dig(r, 'Action', 'Block')) return 'block';
    }
    return 'allow';
  }

  it('lets a signed Stripe event and a form whose text looks like markup through, and still blocks such bodies on every other route', () => {
    const validated = appValidatedBodyRoutes.map((n) => deployedRoutes[n]);
    expect(validated.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'POST /api/account/prompt-studio/versions',
      'POST /api/contact-messages',
      'POST /api/demo-requests',
      'POST /api/ideas',
      'POST /api/prompt-studio/versions',
      'POST /api/stripe-webhook',
      'PUT /api/account/prompt-studio/answers',
      'PUT /api/prompt-studio/answers',
    ]);
    for (const s of [dev, prod]) {
      for (const matching of Object.keys(bodyRules)) {
        for (const r of validated) expect(verdict(s, { method: r.method, path: r.path, authorization: 'Bearer x', commonRulesMatching: [matching] }), `${s.config.name} ${r.path} ${matching}`).toBe('allow');
        for (const name of routeNames.filter((n) => !appValidatedBodyRoutes.includes(n) && deployedRoutes[n].method !== 'GET')) {
          const r = deployedRoutes[name];
          expect(verdict(s, { method: r.method, path: r.path, authorization: 'Bearer x', commonRulesMatching: [matching] }), `${s.config.name} ${name} ${matching}`).toBe('block');
        }
      }
      // The common rules that do not inspect bodies still block on the validated routes.
      expect(verdict(s, { method: 'POST', path: '/api/stripe-webhook', commonRulesMatching: ['CrossSiteScripting_QUERYARGUMENTS'] })).toBe('block');
      expect(verdict(s, { method: 'POST', path: '/api/contact-messages', commonRulesMatching: [] })).toBe('allow');
    }
  });

  it('keeps every route’s shared throttle above what one client may send to it, in every stage and locally, so it is only a circuit breaker', () => {
    for (const name of routeNames) {
      const setting = clientLimitSetting[clientLimitOf(name)];
      const mostOneClientMaySend = Math.max(localClientLimits[setting], ...Object.values(stages).map((s) => s.waf[setting]));
      expect(deployedRoutes[name].throttle.burst, name).toBeGreaterThan(mostOneClientMaySend);
    }
  });

  it('refuses a stage outside us-east-1, a limit below WAF’s minimum of 10, or one that lets an address empty a route’s throttle', () => {
    const check = (config: StageConfig) => () => checkStage(config);
    const dev_ = stageConfig('dev');
    expect(check({ ...dev_, region: 'eu-west-1' })).toThrow(/us-east-1/);
    expect(check({ ...dev_, waf: { ...dev_.waf, writeRequestsPer5MinPerIp: 9 } })).toThrow(/writeRequestsPer5MinPerIp must be a whole number of at least 10/);
    expect(check({ ...dev_, waf: { ...dev_.waf, readRequestsPer5MinPerIp: 2.5 } })).toThrow(/readRequestsPer5MinPerIp must be a whole number/);
    expect(check({ ...dev_, waf: { ...dev_.waf, readRequestsPer5MinPerIp: deployedRoutes.getProfile.throttle.burst + 1 } })).toThrow(/getProfile: its throttle's burst/);
    expect(check({ ...dev_, retention: { orphanedUploadDays: 1, attachmentDays: 3, submissionDays: 30, exportDays: 1 } })).toThrow(/attachment links/);
    expect(check({ ...dev_, retention: { orphanedUploadDays: 1, attachmentDays: 60, submissionDays: 30, exportDays: 1 } })).toThrow(/must not exceed retention.submissionDays/);
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
    // Generated at the first deploy by the stack's secret seed (64 random hex characters, its unit test), never
    // by a template property CloudFormation would own.
    expect(dig(secret.Properties, 'GenerateSecretString')).toBeUndefined();
    expect(dig(secret.Properties, 'SecretString')).toBeUndefined();
    const seeds = Object.values(resourcesOf(dev.edge, 'Custom::SecretSeed')).map((r) => r.Properties);
    expect(seeds.filter((p) => JSON.stringify(dig(p, 'SecretArn')) === JSON.stringify({ Ref: secretId }))).toEqual([expect.objectContaining({ Format: 'plain' })]);
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
    const uploads = bucketPhysicalName(dev.config, 'uploads');
    const listing = statements.filter((st) => [st.Action].flat().includes('s3:ListBucket') && JSON.stringify(st.Resource).includes(uploads));
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
