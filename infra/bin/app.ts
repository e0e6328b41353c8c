/**
 * The CDK app: `npx cdk synth|deploy -c stage=dev` (or prod, or any stage in infra/stages.ts).
 * Synth works offline: accounts and regions are fixed per stage, nothing is looked up, esbuild bundles locally.
 * cdk-nag and AWS's Guard rules run as validation plugins: any unacknowledged finding fails the synth.
 */
import { App } from 'aws-cdk-lib';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addPolicyChecks } from '../lib/nag';
import { defaultWebDist, defineStage } from '../stacks';
import { stageConfig } from '../stages';

if (!existsSync(join(defaultWebDist, 'index.html'))) {
  throw new Error(`No built site in ${defaultWebDist}: run \`npm run build:web\` first (the deploy copies it to S3).`);
}

const app = new App();
// One stage per deploy; `-c stage=dev,prod` synthesizes several at once (the infra test checks both in one run,
// and identical function bundles are built once).
const stageNames = ((app.node.tryGetContext('stage') as string | undefined) ?? 'dev').split(',').map((s) => s.trim());
addPolicyChecks(app);
for (const name of stageNames) defineStage(app, stageConfig(name));
app.synth();
