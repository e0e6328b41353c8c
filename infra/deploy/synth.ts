/**
 * One stage synthesized in-process the way `cdk synth` does it (cdk.json's context, so feature flags match; cdk-nag
 * and the Guard rules as validation plugins), for the deploy preflight and the cost script. Bundling is skipped:
 * the preflight checks settings and policies, and the deploy bundles every function anyway.
 */
import { App } from 'aws-cdk-lib';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPolicyChecks } from '../lib/nag';
import { repoRoot } from '../lib/bundling';
import { defineStage } from '../stacks';
import type { StageConfig } from '../stages';
import type { StageTemplates } from './cost';
import { cfnLint, type CfnLintResult } from './cfn-lint';

/** cdk.json's context: what the CLI hands the app. */
export function cdkContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
}

export interface StageSynth {
  readonly templates: StageTemplates;
  /** Unacknowledged policy findings, as `plugin: rule at construct path`. */
  readonly findings: string[];
  /** How many findings are acknowledged with a reason next to their resource. */
  readonly acknowledged: number;
  /** cfn-lint on the stage's templates, when asked for (`lint: true`). */
  readonly lint?: CfnLintResult;
}

interface ValidationReport {
  pluginReports?: {
    pluginName: string;
    violations?: { ruleName: string; violatingConstructs?: { constructPath?: string }[] }[];
    suppressedViolations?: { violatingConstructs?: unknown[] }[];
  }[];
}

/** `lint`: also run cfn-lint on the templates (the deploy preflight; it takes a few seconds a stage). */
export function synthesizeStage(stage: StageConfig, webDist: string, opts: { lint?: boolean } = {}): StageSynth {
  const outdir = mkdtempSync(join(tmpdir(), `agency-${stage.name}-check-`));
  try {
    const app = new App({ outdir, context: { ...cdkContext(), 'aws:cdk:bundling-stacks': [], stage: stage.name } });
    addPolicyChecks(app);
    const stacks = defineStage(app, stage, { webDist });
    try {
      app.synth();
    } catch (error) {
      // A failed validation still writes its report, read below; anything else is a broken stage.
      if (!existsSync(join(outdir, 'validation-report.json'))) throw error;
    }
    const reportFile = join(outdir, 'validation-report.json');
    const report = (existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : {}) as ValidationReport;
    const findings: string[] = [];
    let acknowledged = 0;
    for (const plugin of report.pluginReports ?? []) {
      for (const v of plugin.violations ?? []) {
        for (const c of v.violatingConstructs ?? [{}]) findings.push(`${plugin.pluginName}: ${v.ruleName} at ${c.constructPath ?? '?'}`);
      }
      for (const s of plugin.suppressedViolations ?? []) acknowledged += Math.max(1, s.violatingConstructs?.length ?? 1);
    }
    const file = (name: string) => join(outdir, `${name}.template.json`);
    const template = (name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as StageTemplates['edge'];
    const names = [stacks.edge.stackName, stacks.stateful.stackName, stacks.stateless.stackName];
    return {
      templates: { edge: template(stacks.edge.stackName), stateful: template(stacks.stateful.stackName), stateless: template(stacks.stateless.stackName) },
      findings,
      acknowledged,
      ...(opts.lint ? { lint: cfnLint(names.map(file)) } : {}),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
