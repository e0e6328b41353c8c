/**
 * What every step of the deploy preflight (infra/deploy/check.ts) is made of, and what each is given: the stage,
 * its synth, the settings still placeholders, and the names and commands several steps share.
 */
import { resourceName } from '@shared/deployment/manifest';
import { placeholdersOf, type Placeholder, type StageConfig } from '../../stages';
import type { StageSynth } from '../synth';

export type Status = 'ready' | 'blocking' | 'todo';

export interface CheckItem {
  readonly status: Status;
  readonly text: string;
  readonly commands?: readonly string[];
}

export interface CheckStep {
  readonly title: string;
  readonly after: boolean;
  readonly items: readonly CheckItem[];
}

export interface StepContext {
  readonly stage: StageConfig;
  readonly synth: StageSynth;
  /** The stage's name. */
  readonly s: string;
  /** The physical name of the stage's stack of that kind. */
  readonly stack: (kind: string) => string;
  readonly placeholders: readonly Placeholder[];
  /** Where the operator changes a setting of this stage. */
  readonly where: string;
  /** The command that deploys this stage. */
  readonly deployCommand: string;
  /** The site's address, or the shell command that reads it from the edge stack's output. */
  readonly siteUrl: string;
  /** The site's address as prose shows it. */
  readonly siteUrlText: string;
}

/** The shell command that reads a stack output. */
export function output(stack: string, key: string): string {
  return `$(aws cloudformation describe-stacks --stack-name ${stack} --query "Stacks[0].Outputs[?OutputKey=='${key}'].OutputValue" --output text)`;
}

export function stepContext(stage: StageConfig, synth: StageSynth): StepContext {
  const s = stage.name;
  const stack = (kind: string) => resourceName(s, kind);
  const where = `stage ${s} in infra/stages.ts`;
  const deployCommand = s === 'dev' || s === 'prod' ? `npm run deploy:${s}` : `npm run build:web && npm run deploy:check -- --stage ${s} && npx cdk deploy --all -c stage=${s}`;
  // With a custom domain the site's address is known now; without one it is the SiteUrl output after the deploy.
  const siteUrl = stage.site ? `https://${stage.site.domainName}` : output(stack('edge'), 'SiteUrl');
  const siteUrlText = stage.site ? siteUrl : '<SiteUrl>';
  return { stage, synth, s, stack, placeholders: placeholdersOf(stage), where, deployCommand, siteUrl, siteUrlText };
}
