/**
 * AWS's CloudFormation linter, cfn-lint (a Python tool, not an npm package), on synthesized templates: run by the
 * deploy preflight (./check.ts) and by the infra tests when it is installed. Errors block a deploy; warnings are
 * counted (today W3005, dependencies CDK writes that the references already imply, and W6001, an output that
 * names an import).
 */
import { spawnSync } from 'node:child_process';

/** How an operator gets the linter (it is on PATH afterwards). */
export const cfnLintInstall = 'pipx install cfn-lint   # or: pip install --user cfn-lint';

export interface CfnLintFinding {
  readonly level: 'Error' | 'Warning' | 'Informational';
  readonly rule: string;
  readonly message: string;
  /** The template's file name and line. */
  readonly where: string;
}

export type CfnLintResult =
  | { readonly available: false }
  | { readonly available: true; readonly version: string; readonly errors: CfnLintFinding[]; readonly warnings: number };

interface RawFinding {
  Level: CfnLintFinding['level'];
  Rule: { Id: string };
  Message: string;
  Filename: string;
  Location?: { Start?: { LineNumber?: number } };
}

/** The installed cfn-lint's version, or undefined when there is none on PATH. */
export function cfnLintVersion(): string | undefined {
  const run = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return undefined;
  return run.stdout.trim().replace(/^cfn-lint\s+/, '');
}

/** Lints the template files (one run for all); `available: false` when cfn-lint is not installed. */
export function cfnLint(templateFiles: readonly string[]): CfnLintResult {
  const version = cfnLintVersion();
  if (version === undefined) return { available: false };
  const run = spawnSync('cfn-lint', ['--format', 'json', '--', ...templateFiles], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // Exit codes are a bit mask of what was found (2 errors, 4 warnings, 8 informational); 1 is the linter failing.
  if (run.error || run.status === 1 || run.status === null) throw new Error(`cfn-lint failed: ${run.error?.message ?? run.stderr}`);
  const raw = JSON.parse(run.stdout || '[]') as RawFinding[];
  const findings = raw.map((f) => ({
    level: f.Level,
    rule: f.Rule.Id,
    message: f.Message,
    where: `${f.Filename.split('/').pop()}:${f.Location?.Start?.LineNumber ?? '?'}`,
  }));
  return { available: true, version, errors: findings.filter((f) => f.level === 'Error'), warnings: findings.filter((f) => f.level === 'Warning').length };
}
