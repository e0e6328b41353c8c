/**
 * Rotating the origin-verify value costs no outage: the distribution's half (the functions' half is in
 * test/unit/lambdas/lib/origin-check.test.ts). A dynamic reference is resolved only when the resource holding it
 * is updated, so putting a new value alone changes nothing in CloudFront. The stage pins the version the
 * distribution sends (`originVerifyVersionId`): setting it to the new version changes the template, so the deploy
 * updates the distribution, while the functions, which accept the current and the previous value, need no change.
 */
import { describe, expect, it } from 'vitest';
import { originVerifyHeader } from '@shared/deployment/manifest';
import { stageConfig } from '../../infra/stages';
import { dig, logicalIdOf, resourcesOf, synthStage, type SynthedStage } from './synth';

/** The x-origin-verify value the distribution sends to the API origin, as the template says it. */
function headerValue(s: SynthedStage): string {
  const [distribution] = Object.values(resourcesOf(s.edge, 'AWS::CloudFront::Distribution'));
  const origins = dig(distribution!.Properties, 'DistributionConfig', 'Origins') as { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
  const header = origins.flatMap((o) => o.OriginCustomHeaders ?? []).find((h) => h.HeaderName === originVerifyHeader);
  expect(header).toBeDefined();
  return JSON.stringify(header!.HeaderValue);
}

describe('rotating the origin-verify value', () => {
  const before = synthStage(stageConfig('prod'));
  const version = '3f0d8a52-7c1e-4b7a-9d55-0e6f2c9b1a44';
  const after = synthStage({ ...stageConfig('prod'), originVerifyVersionId: version });

  it('first deploy: the distribution sends the secret’s current value, by reference, never the value itself', () => {
    const value = headerValue(before);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain(logicalIdOf(before.stacks.edge.originVerify));
    expect(value).toMatch(/:SecretString:::}}/);
  });

  it('pinning the new version changes the distribution’s template, so CloudFormation sends CloudFront the new value', () => {
    expect(headerValue(after)).toMatch(new RegExp(`:SecretString:::${version}}}`));
    expect(headerValue(after)).not.toBe(headerValue(before));
  });

  it('needs no change of the functions or the data: they read the secret by ARN and accept current and previous', () => {
    expect(after.stateless.toJSON()).toEqual(before.stateless.toJSON());
    expect(after.stateful.toJSON()).toEqual(before.stateful.toJSON());
    const { Resources: a } = after.edge.toJSON() as { Resources: Record<string, unknown> };
    const { Resources: b } = before.edge.toJSON() as { Resources: Record<string, unknown> };
    const changed = Object.keys(a).filter((id) => JSON.stringify(a[id]) !== JSON.stringify(b[id]));
    expect(changed).toEqual([logicalIdOf(after.stacks.edge.site.distribution)]);
  });
});
