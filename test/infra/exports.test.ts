/**
 * Adding (or removing) a custom domain later does not break the deploy. CloudFormation refuses to delete, or to
 * change the value of, an export another stack still imports; stacks are updated in order (edge, stateful,
 * stateless), so while the edge stack is updated the other two still import what the OLD settings made them
 * import. For every change between these settings, each export the old stacks import must still be exported, with
 * the same value, by the new templates.
 */
import { describe, expect, it } from 'vitest';
import { stageConfig, type StageConfig } from '../../infra/stages';
import { allTemplates, synthStage, type SynthedStage } from './synth';

type Template = { Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>; Resources: Record<string, unknown> };

function exportsOf(s: SynthedStage): Map<string, string> {
  const found = new Map<string, string>();
  for (const t of allTemplates(s)) {
    for (const output of Object.values((t.toJSON() as Template).Outputs ?? {})) {
      if (output.Export) found.set(String(output.Export.Name), JSON.stringify(output.Value));
    }
  }
  return found;
}

function importsOf(s: SynthedStage): Set<string> {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k === 'Fn::ImportValue') found.add(String(inner));
        else walk(inner);
      }
    }
  };
  for (const t of allTemplates(s)) walk(t.toJSON());
  return found;
}

/** What would make CloudFormation refuse to update from `from` to `to`. */
function brokenImports(from: SynthedStage, to: SynthedStage): string[] {
  const old = exportsOf(from);
  const next = exportsOf(to);
  return [...importsOf(from)].flatMap((name) => {
    if (!next.has(name)) return [`${name} is imported but no longer exported`];
    if (next.get(name) !== old.get(name)) return [`${name} is imported but its value changes`];
    return [];
  });
}

const base = stageConfig('prod');
const withSite: StageConfig = {
  ...base,
  site: { domainName: 'www.northwind-automation.com', certificateArn: `arn:aws:acm:us-east-1:${base.account}:certificate/0f0c7a3e-2b1d-4c55-9a51-1d0e6c1b2a77` },
};
const withZone: StageConfig = { ...withSite, site: { ...withSite.site!, hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'northwind-automation.com' } } };
const configs = { 'no custom domain': base, 'a custom domain': withSite, 'a custom domain in a Route 53 zone': withZone } as const;

describe('cross-stack exports survive a change of the site’s settings', () => {
  const synthed = Object.fromEntries(Object.entries(configs).map(([k, c]) => [k, synthStage(c)])) as Record<keyof typeof configs, SynthedStage>;

  it('the stacks do import from each other (the check below is not empty)', () => {
    expect(importsOf(synthed['no custom domain']).size).toBeGreaterThan(0);
  });

  for (const from of Object.keys(configs) as (keyof typeof configs)[]) {
    for (const to of Object.keys(configs) as (keyof typeof configs)[]) {
      if (from === to) continue;
      it(`from ${from} to ${to}: no export in use disappears or changes`, () => {
        expect(brokenImports(synthed[from], synthed[to])).toEqual([]);
      });
    }
  }
});
