/**
 * The deploy preflight (`npm run deploy:check -- --stage prod`): every step of a stage's deploy, in the order the
 * deploy guide (docs/deploy.md) follows, each with what is ready and what the operator must still do by hand, and the
 * command for it. A blocking item (a setting that is still a placeholder, a policy finding) stops the deploy: the
 * deploy scripts run this first and stop on its exit code. Steps after the deploy cannot be checked offline; they
 * are listed with the command that checks them (each step: ./steps/).
 */
import { costMarkdown, stageCost, type StageCost } from './cost';
import { stepContext, type CheckStep, type Status } from './steps/context';
import { accountStep, concurrencyStep, deployStep, domainStep, policyStep, settingsStep } from './steps/before-deploy';
import { alarmStep, sandboxStep, sesStep, signingStep, stripeStep } from './steps/after-deploy';
import type { StageConfig } from '../stages';
import type { StageSynth } from './synth';

export type { CheckItem, CheckStep, Status } from './steps/context';
export { concurrencyNeeded } from './steps/before-deploy';

/** The steps, in order: the deploy guide's numbered sections are these titles (a test holds the two together). */
export const stepTitles = [
  'Account and region',
  'Stage settings',
  'Policy checks',
  'Lambda concurrency',
  'Custom domain: certificate and DNS',
  'Deploy',
  'Alarm mail',
  'SES identity and DKIM',
  'SES sandbox and the Cognito mailer',
  'Stripe keys and webhook endpoint',
  "Receivers' signing key",
] as const;

export interface CheckReport {
  readonly stage: StageConfig;
  readonly steps: readonly CheckStep[];
  readonly blocking: number;
  readonly cost: StageCost;
}

export function deployCheck(stage: StageConfig, synth: StageSynth): CheckReport {
  const context = stepContext(stage, synth);
  const steps = [accountStep, settingsStep, policyStep, concurrencyStep, domainStep, deployStep, alarmStep, sesStep, sandboxStep, stripeStep, signingStep].map((step) => step(context));
  if (steps.map((x) => x.title).join('|') !== stepTitles.join('|')) throw new Error('deployCheck: steps and stepTitles disagree');
  const blocking = steps.flatMap((x) => x.items).filter((i) => i.status === 'blocking').length;
  return { stage, steps, blocking, cost: stageCost(synth.templates, stage) };
}

const label: Record<Status, string> = { ready: 'ready   ', blocking: 'BLOCKING', todo: 'to do   ' };

export function formatReport(report: CheckReport): string {
  const out: string[] = [`Deploy check of stage ${report.stage.name} (account ${report.stage.account}, ${report.stage.region})`, ''];
  let afterShown = false;
  report.steps.forEach((step, i) => {
    if (step.after && !afterShown) {
      out.push('After the deploy (cannot be checked offline; each command shows whether it is done):', '');
      afterShown = true;
    }
    out.push(`${i + 1}. ${step.title}`);
    for (const item of step.items) {
      out.push(`   [${label[item.status]}] ${item.text}`);
      for (const c of item.commands ?? []) out.push(`              $ ${c}`);
    }
    out.push('');
  });
  out.push('Cost of this stage (npm run cost):', '', costMarkdown(report.stage, report.cost), '');
  out.push(
    report.blocking > 0
      ? `${report.blocking} blocking item${report.blocking === 1 ? '' : 's'}: not ready to deploy.`
      : 'Nothing blocks the deploy; the steps marked "to do" are yours, in this order.',
  );
  return out.join('\n');
}


/** Runs the preflight as the CLI does: prints the report and answers the exit code (1 while anything blocks). */
export function runDeployCheck(stage: StageConfig, synth: StageSynth, write: (text: string) => void = (t) => process.stdout.write(t)): number {
  const report = deployCheck(stage, synth);
  write(`${formatReport(report)}\n`);
  return report.blocking > 0 ? 1 : 0;
}
