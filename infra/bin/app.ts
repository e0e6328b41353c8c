/**
 * The CDK app: `npx cdk synth|deploy -c stage=dev` (or prod, or any stage in infra/stages.ts).
 * Synth works offline: accounts and regions are fixed per stage, nothing is looked up, esbuild bundles locally.
 * cdk-nag runs as a validation plugin: any unacknowledged finding fails the synth.
 */
import { App } from 'aws-cdk-lib';
import { addNagChecks } from '../constructs/nag';
import { defineStage } from '../stacks';
import { stageConfig } from '../stages';

const app = new App();
const stageName = (app.node.tryGetContext('stage') as string | undefined) ?? 'dev';
addNagChecks(app);
defineStage(app, stageConfig(stageName));
app.synth();
