/**
 * AWS's own policy checks beside cdk-nag: the CloudFormation Guard rules of the AWS Control Tower proactive
 * controls (`@cdklabs/cdk-validator-cfnguard`, its bundled cfn-guard binary), run the way `cdk synth` runs them (a
 * validation plugin on the app) over both stages' templates and a stage with a custom domain. No finding may be
 * left unacknowledged, each acknowledgement carries a reason and still matches a finding, and what the issue asked
 * to fix is fixed rather than acknowledged.
 */
import { App, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defineStage } from '../../infra/stacks';
import { guardNamespace, guardValidator } from '../../infra/lib/nag';
import { stageConfig, type StageConfig } from '../../infra/stages';
import { cdkContext, webDistFixture } from './synth';

interface Suppressed {
  ruleName: string;
  reason?: string;
  acknowledgedId: string;
  acknowledgedAt: string;
  violatingConstructs: { constructPath: string }[];
}
interface Report {
  pluginReports: { pluginName: string; violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[]; suppressedViolations?: Suppressed[] }[];
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Synthesizes a stage with the Guard plugin, as app.ts does; answers the app, whether synth passed and the report. */
function guarded(stage: StageConfig) {
  const outdir = mkdtempSync(join(tmpdir(), 'guard-'));
  dirs.push(outdir);
  const app = new App({ outdir, builtinCloudFormationValidation: false, context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], stage: stage.name } });
  defineStage(app, stage, { webDist: webDistFixture() });
  Validations.of(app).addPlugins(guardValidator());
  let error: unknown;
  try {
    app.synth();
  } catch (e) {
    error = e;
  }
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as Report;
  const guard = report.pluginReports.find((p) => p.pluginName === guardNamespace);
  return { app, error, violations: guard?.violations ?? [], suppressed: guard?.suppressedViolations ?? [] };
}

function guardAcknowledgements(app: App): { path: string; id: string; reason: string }[] {
  const out: { path: string; id: string; reason: string }[] = [];
  const walk = (c: IConstruct) => {
    for (const entry of c.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) if (id.startsWith(`${guardNamespace}::`)) out.push({ path: c.node.path, id, reason });
    }
    for (const child of c.node.children) walk(child);
  };
  walk(app);
  return out;
}

const base = stageConfig('prod');
const withDomain: StageConfig = {
  ...base,
  site: { domainName: 'www.northwind-automation.com', certificateArn: `arn:aws:acm:us-east-1:${base.account}:certificate/0f0c7a3e-2b1d-4c55-9a51-1d0e6c1b2a77` },
};

describe.each([
  ['dev', stageConfig('dev')],
  ['prod', base],
  ['prod with a custom domain', withDomain],
] as const)('Guard (Control Tower proactive controls) on %s', (_name, stage) => {
  const run = guarded(stage);

  it('synthesizes with no unacknowledged finding', () => {
    expect(run.violations.map((v) => `${v.ruleName}: ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`)).toEqual([]);
    expect(run.error).toBeUndefined();
  });

  it('the rules did run: the acknowledged findings are reported, each with its reason', () => {
    expect(run.suppressed.length).toBeGreaterThan(20);
    const withoutReason = run.suppressed.filter((s) => (s.reason ?? '').trim().length < 40).map((s) => `${s.acknowledgedAt}: ${s.ruleName}`);
    expect(withoutReason).toEqual([]);
  });

  it('every acknowledgement still matches a finding', () => {
    const stale = guardAcknowledgements(run.app)
      .filter((a) => !run.suppressed.some((s) => s.acknowledgedAt === a.path && s.acknowledgedId === a.id))
      .map((a) => `${a.path}: ${a.id}`);
    expect(stale).toEqual([]);
  });

  it('fixes rather than acknowledges: bucket lifecycle, SourceAccount on invoke permissions, dead-letter queues', () => {
    const acknowledgedRules = new Set(run.suppressed.map((s) => s.ruleName));
    for (const rule of ['s3_lifecycle_policy_check', 'lambda_function_public_access_prohibited_check', 'sqs_dlq_check']) expect(acknowledgedRules.has(rule), rule).toBe(false);
    // Prod keeps its logs a year; only a stage that keeps them shorter acknowledges the rule.
    expect(acknowledgedRules.has('cloudwatch_log_group_retention_period_check')).toBe(stage.logRetention < 365);
    // A custom domain brings its own certificate, SNI and TLS policy.
    expect(acknowledgedRules.has('cloudfront_custom_ssl_certificate_check')).toBe(stage.site === undefined);
  });
});
