/**
 * `npm run deploy:check -- --stage prod`: the deploy preflight (infra/deploy/check.ts). Synthesizes the stage (with
 * cdk-nag and the Guard rules, then cfn-lint on its templates), prints every step of its deploy with what is ready and what is still to do by hand,
 * and the stage's cost. Exits 1 while a blocking item remains, so the deploy scripts stop before `cdk deploy`.
 * Builds the site first when there is none (the synth needs it), as the deploy scripts do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runDeployCheck } from '../deploy/check';
import { synthesizeStage } from '../deploy/synth';
import { repoRoot } from '../lib/bundling';
import { defaultWebDist } from '../stacks';
import { stageConfig } from '../stages';

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const stageName = argument('stage');
if (!stageName) {
  process.stderr.write('usage: npm run deploy:check -- --stage <stage>\n');
  process.exit(2);
}
const stage = stageConfig(stageName);
if (!existsSync(join(defaultWebDist, 'index.html'))) {
  process.stdout.write(`No built site in ${defaultWebDist}: building it first (npm run build:web).\n`);
  const build = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.exitCode = runDeployCheck(stage, synthesizeStage(stage, defaultWebDist, { lint: true }));
