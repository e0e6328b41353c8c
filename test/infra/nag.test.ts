/**
 * AWS's own checks (cdk-nag AwsSolutions and Serverless) on every stack of both stages: no unacknowledged
 * finding, every acknowledgement has a written reason, and none is stale (each still matches a real finding).
 *
 * The packs run on the synthesized tree, as they do inside `cdk synth` (cross-stack references resolved), so a
 * finding id here is the id the CLI would report.
 */
import { Validations, type App } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { guardNamespace, nagPacks } from '../../infra/lib/nag';
import { synthStage } from './synth';

interface Finding {
  rule: string;
  path: string;
}

function findings(app: App, honourAcknowledgements: boolean): Finding[] {
  const out: Finding[] = [];
  for (const pack of nagPacks(app)) {
    if (!honourAcknowledgements) {
      // cdk-nag's own acknowledgement lookup, switched off to see every raw finding.
      (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
    }
    for (const v of pack.validateScope(app).violations) {
      for (const r of v.violatingResources) out.push({ rule: v.ruleName, path: r.constructPath ?? '' });
    }
  }
  return out;
}

function acknowledgements(app: App): { path: string; id: string; reason: string }[] {
  const out: { path: string; id: string; reason: string }[] = [];
  const walk = (c: IConstruct) => {
    for (const entry of c.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) out.push({ path: c.node.path, id, reason });
    }
    for (const child of c.node.children) walk(child);
  };
  walk(app);
  return out;
}

describe.each(['dev', 'prod'])('cdk-nag on %s', (stage) => {
  const { app } = synthStage(stage);

  it('reports no unacknowledged finding on any stack', () => {
    expect(findings(app, true)).toEqual([]);
  });

  it('gives every acknowledgement a reason, and each still matches a finding', () => {
    const raw = findings(app, false);
    const acks = acknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    const withoutReason = acks.filter((a) => a.reason.trim().length < 40).map((a) => `${a.path}: ${a.id}`);
    expect(withoutReason).toEqual([]);
    const stale = acks
      .map((a) => ({ ...a, id: a.id.replace(/^annotation::/i, '') }))
      // CDK's own construct warnings (Annotation::@aws-cdk/...) are acknowledged the same way but are not nag rules,
      // and Guard's findings are checked in guard.test.ts.
      .filter((a) => !a.id.startsWith('@aws-cdk/') && !a.id.startsWith(`${guardNamespace}::`))
      .filter((a) => !raw.some((f) => f.rule === a.id && (f.path === a.path || f.path.startsWith(`${a.path}/`))))
      .map((a) => `${a.path}: ${a.id}`);
    expect(stale).toEqual([]);
  });
});
