/**
 * `npm run cost -- --stage prod`: what a stage costs, from its synthesized templates (infra/deploy/cost.ts): the
 * monthly floor of an idle stage and what each kind of submission adds per 1,000. Markdown, as the deploy guide
 * shows it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { costMarkdown, stageCost } from '../deploy/cost';
import { synthesizeStage } from '../deploy/synth';
import { defaultWebDist } from '../stacks';
import { stageConfig } from '../stages';

const i = process.argv.indexOf('--stage');
const stage = stageConfig((i >= 0 ? process.argv[i + 1] : undefined) ?? 'prod');
if (!existsSync(join(defaultWebDist, 'index.html'))) {
  process.stderr.write(`No built site in ${defaultWebDist}: run \`npm run build:web\` first (the synth needs it).\n`);
  process.exit(1);
}
process.stdout.write(`${costMarkdown(stage, stageCost(synthesizeStage(stage, defaultWebDist).templates, stage))}\n`);
