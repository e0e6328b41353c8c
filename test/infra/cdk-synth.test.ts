/**
 * The real thing, offline: `npx cdk synth` of both stages through the CLI and cdk.json, with esbuild bundling
 * every function and cdk-nag (AwsSolutions + Serverless) plus CloudFormation schema validation failing the synth on
 * any finding. Both stages in one run so identical bundles are built once.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functions, resourceName } from '@shared/deployment/manifest';
import { cfnLint, cfnLintVersion } from '../../infra/deploy/cfn-lint';
import { webDistFixture } from './synth';

const root = new URL('../..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'cdk-out-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run synth (cdk synth -c stage=dev,prod)', () => {
  let run: SpawnSyncReturns<string>;
  beforeAll(() => {
    // The built site when there is one (npm test builds it first), else the fixture.
    const webDist = existsSync(join(root, 'web/dist/index.html')) ? undefined : webDistFixture();
    // The operator's own command, so a script the CLI refuses (it once passed `--all`, which `cdk synth` does not
    // know) fails here.
    run = spawnSync('npm', ['run', '--silent', 'synth', '--', '-o', out], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...(webDist ? { AGENCY_WEB_DIST: webDist } : {}) },
      // A guard, not a budget: bundling every function and running cdk-nag and the Guard rules on six templates takes
      // minutes on a busy 2-core machine (it passed 170 s once while other suites ran beside it).
      timeout: 300_000,
    });
  }, 320_000);

  it('succeeds offline with no cdk-nag finding and valid templates', () => {
    expect(run.status, `${run.stdout}\n${run.stderr}`.slice(-4000)).toBe(0);
    // The CLI only warns about an option it does not know (and ignores it), so the script is checked for that too.
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/Unknown option/);
    for (const stage of ['dev', 'prod']) {
      for (const stack of ['edge', 'stateful', 'stateless']) expect(existsSync(join(out, `${resourceName(stage, stack)}.template.json`))).toBe(true);
    }
  });

  // AWS's template linter, when installed (as on these machines and in CI; `npm run deploy:check` runs it too and
  // says how to install it when missing). One run for all files: its start-up is most of its time. A deliberately
  // broken template in the same run shows the check can fail, and that errors are told apart by file.
  it.skipIf(cfnLintVersion() === undefined)('cfn-lint reports no error on either stage’s templates (and does on a broken one)', () => {
    const broken = join(out, 'broken.template.json');
    // A queue with a property SQS does not have: an error (E3002) cfn-lint must report.
    writeFileSync(broken, JSON.stringify({ Resources: { Queue: { Type: 'AWS::SQS::Queue', Properties: { RetentionDays: 14 } } } }));
    const stages = ['dev', 'prod'].flatMap((stage) => ['edge', 'stateful', 'stateless'].map((stack) => join(out, `${resourceName(stage, stack)}.template.json`)));
    const result = cfnLint([...stages, broken]);
    if (!result.available) throw new Error('cfn-lint vanished during the test');
    expect(result.errors.filter((e) => !e.where.startsWith('broken.'))).toEqual([]);
    expect(result.errors.map((e) => e.rule)).toContain('E3002');
    rmSync(broken);
  }, 120_000);

  it('bundles every function as minified ESM with a source map, and no sources inside it', () => {
    const templates = ['stateful', 'stateless'].map(
      (s) => JSON.parse(readFileSync(join(out, `${resourceName('dev', s)}.template.json`), 'utf8')) as { Resources: Record<string, { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, string> }> },
    );
    const bundled = new Map<string, string>();
    for (const t of templates) {
      for (const r of Object.values(t.Resources)) {
        if (r.Type !== 'AWS::Lambda::Function' || !r.Metadata?.['aws:asset:path']) continue;
        bundled.set(String(r.Properties.FunctionName), join(out, r.Metadata['aws:asset:path']));
      }
    }
    // One bundle per function (the CDK caches assets by their bundling options: a shared key would give every
    // function the same code).
    expect(new Set(Object.keys(functions).map((name) => bundled.get(resourceName('dev', name)))).size).toBe(Object.keys(functions).length);
    for (const name of Object.keys(functions)) {
      const dir = bundled.get(resourceName('dev', name));
      expect(dir, name).toBeDefined();
      const files = readdirSync(dir!).sort();
      expect(files, name).toEqual(['index.mjs', 'index.mjs.map']);
      const code = readFileSync(join(dir!, 'index.mjs'), 'utf8');
      expect(code.length / code.split('\n').length, `${name}: minified`).toBeGreaterThan(500);
      expect(code, name).toContain('createRequire');
      const map = JSON.parse(readFileSync(join(dir!, 'index.mjs.map'), 'utf8')) as { sourcesContent?: unknown };
      expect(map.sourcesContent, name).toBeUndefined();
    }
  });
});
