/**
 * The operator's preflight, `npm run deploy:check -- --stage prod`: on a fresh clone (the repository's placeholder
 * settings) it lists what is left to do, with a command for each, and exits 1; with a stage filled in as an operator
 * would, nothing blocks and it exits 0. The deploy guide (docs/deploy.md) reads, in order, as the steps it prints, and the guide's
 * cost figures are the script's own, computed from the synthesized templates.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { costMarkdown, stageCost, type StageTemplates } from '../../infra/deploy/cost';
import { deployCheck, stepTitles } from '../../infra/deploy/check';
import { cfnLintInstall, cfnLintVersion, type CfnLintResult } from '../../infra/deploy/cfn-lint';
import { handledStripeEvents } from '../../lambdas/domain/purchases/stripe-events';
import { synthesizeStage } from '../../infra/deploy/synth';
import { stageConfig, type StageConfig } from '../../infra/stages';
import { realisticStage } from '../helpers/realistic-stage';
import { webDistFixture } from './synth';

const root = new URL('../..', import.meta.url).pathname;
const env = { ...process.env, AGENCY_WEB_DIST: webDistFixture() };
const deployGuide = readFileSync(join(root, 'docs/deploy.md'), 'utf8');

/** The prod stage synthesized once for the tests that only need its templates. */
let prodTemplates: StageTemplates | undefined;
const templatesOfProd = () => (prodTemplates ??= synthesizeStage(stageConfig('prod'), webDistFixture()).templates);

/** The numbered steps a printed report lists: `1. Account and region` ... */
const printedSteps = (text: string) => [...text.matchAll(/^(\d+)\. (.+)$/gm)].map((m) => m[2]);

describe('npm run deploy:check -- --stage prod, on a fresh clone', () => {
  let run: SpawnSyncReturns<string>;
  beforeAll(() => {
    // A guard, not a budget: the synth with cdk-nag and the Guard rules, then cfn-lint, on a busy 2-core machine.
    run = spawnSync('npm', ['run', '--silent', 'deploy:check', '--', '--stage', 'prod'], { cwd: root, encoding: 'utf8', env, timeout: 230_000 });
  }, 240_000);

  it('exits 1: the repository’s settings are placeholders', () => {
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/\d+ blocking items?: not ready to deploy\./);
    for (const setting of ['account 222222222222', 'mail.identity = cadence-ai.example', 'alarmEmail = ops@cadence-ai.example', 'webhooks.testUrl']) {
      expect(run.stdout).toMatch(new RegExp(`\\[BLOCKING\\] ${setting.replace(/[.]/g, '\\.')}`));
    }
  });

  it('lists every step in order, each remaining item with the command for it', () => {
    expect(printedSteps(run.stdout)).toEqual([...stepTitles]);
    const items = run.stdout.split('\n').map((line, i, lines) => ({ line, next: lines[i + 1] ?? '' }));
    const open = items.filter(({ line }) => /\[(BLOCKING|to do\s*)\]/.test(line));
    expect(open.length).toBeGreaterThan(10);
    const withoutCommand = open.filter(({ next }) => !next.trim().startsWith('$ ')).map(({ line }) => line.trim());
    expect(withoutCommand).toEqual([]);
    for (const command of ['npx cdk bootstrap aws://222222222222/us-east-1', 'aws cloudwatch set-alarm-state --alarm-name agency-prod-api-5xx', 'aws sesv2 get-account', 'aws lambda get-account-settings', 'stripe webhook_endpoints create', 'aws secretsmanager get-secret-value']) {
      expect(run.stdout).toContain(command);
    }
  });
});

describe('deploy:check with realistic settings filled in', () => {
  it('exits 0, nothing blocking, the manual steps still listed', () => {
    // The CLI's own code path (infra/deploy/check.ts runDeployCheck) in its own process, with the operator's stage.
    const dir = mkdtempSync(join(tmpdir(), 'deploy-check-'));
    const script = join(dir, 'check.ts');
    writeFileSync(
      script,
      `import { realisticStage } from ${JSON.stringify(join(root, 'test/helpers/realistic-stage.ts'))};
import { runDeployCheck } from ${JSON.stringify(join(root, 'infra/deploy/check.ts'))};
import { synthesizeStage } from ${JSON.stringify(join(root, 'infra/deploy/synth.ts'))};
const stage = realisticStage('prod');
process.exitCode = runDeployCheck(stage, synthesizeStage(stage, process.env.AGENCY_WEB_DIST!, { lint: true }));
`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, encoding: 'utf8', env, timeout: 230_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`.slice(-3000)).toBe(0);
    expect(run.stdout).not.toContain('BLOCKING');
    expect(run.stdout).toContain('Nothing blocks the deploy');
    expect(run.stdout).toContain('npx cdk bootstrap aws://403958261174/us-east-1');
    expect(printedSteps(run.stdout)).toEqual([...stepTitles]);
    // cfn-lint ran on the stage's templates (installed here), or the report says how to install it.
    expect(run.stdout).toMatch(cfnLintVersion() ? /\[ready\s*\] cfn-lint [\d.]+: no errors in the stage's templates/ : /cfn-lint .* is not installed/);
  }, 240_000);

  it('cfn-lint: an error blocks the deploy; a missing linter is a step to do, with the command that installs it', () => {
    const templates = templatesOfProd();
    const policy = (lint: CfnLintResult) => deployCheck(realisticStage(), { templates, findings: [], acknowledged: 0, lint }).steps.find((x) => x.title === 'Policy checks')!;
    const error = { level: 'Error' as const, rule: 'E3002', message: 'Additional properties are not allowed', where: 'agency-prod-edge.template.json:12' };
    const failing = policy({ available: true, version: '1.51.0', errors: [error], warnings: 3 });
    expect(failing.items.map((i) => i.status)).toEqual(['ready', 'blocking']);
    expect(failing.items[1]!.text).toBe('cfn-lint E3002 at agency-prod-edge.template.json:12: Additional properties are not allowed');
    const missing = policy({ available: false });
    expect(missing.items.map((i) => i.status)).toEqual(['ready', 'todo']);
    expect(missing.items[1]!.commands).toEqual([cfnLintInstall]);
    expect(policy({ available: true, version: '1.51.0', errors: [], warnings: 48 }).items[1]).toEqual({ status: 'ready', text: "cfn-lint 1.51.0: no errors in the stage's templates (48 warnings)" });
  });

  it('a custom domain adds the certificate check and, without a Route 53 zone, the CNAME to create', () => {
    const templates = templatesOfProd();
    const domainStep = (stage: StageConfig) => deployCheck(stage, { templates, findings: [], acknowledged: 0 }).steps.find((x) => x.title === 'Custom domain: certificate and DNS')!;
    const site = { domainName: 'www.northwind-automation.com', certificateArn: 'arn:aws:acm:us-east-1:403958261174:certificate/0f0c7a3e-2b1d-4c55-9a51-1d0e6c1b2a77' };
    expect(domainStep(realisticStage()).items.map((i) => i.status)).toEqual(['ready']);
    const noZone = domainStep(realisticStage('prod', { site }));
    expect(noZone.items.map((i) => i.status)).toEqual(['todo', 'todo']);
    expect(noZone.items[0]!.commands).toEqual([`aws acm describe-certificate --certificate-arn ${site.certificateArn} --region us-east-1 --query Certificate.Status`]);
    expect(noZone.items[1]!.commands![0]).toContain('www.northwind-automation.com CNAME');
    const zoned = domainStep(realisticStage('prod', { site: { ...site, hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'northwind-automation.com' } } }));
    expect(zoned.items.map((i) => i.status)).toEqual(['todo', 'ready']);
  });

  it('the Stripe step registers every event the webhook acts on, lists the Dashboard settings for receipts and the portal, and the portal login link until it is set', () => {
    const templates = templatesOfProd();
    const stripeStep = (stage: StageConfig) => deployCheck(stage, { templates, findings: [], acknowledged: 0 }).steps.find((x) => x.title === 'Stripe keys and webhook endpoint')!;
    const withLink = stripeStep(realisticStage());
    const create = withLink.items[0]!.commands!.find((c) => c.startsWith('stripe webhook_endpoints create'))!;
    expect(create.split('--enabled-events ')[1]!.split(',')).toEqual([...handledStripeEvents]);
    expect(withLink.items.map((i) => i.status)).toEqual(['todo', 'todo', 'ready']);
    expect(withLink.items[1]!.text).toMatch(/Successful payments and Refunds.*Customer portal/);
    expect(withLink.items[1]!.commands).toEqual(['stripe billing_portal configurations list --active=true']);
    const withoutLink = stripeStep(realisticStage('prod', { billing: { portalLoginUrl: '' } }));
    expect(withoutLink.items.map((i) => i.status)).toEqual(['todo', 'todo', 'todo']);
    expect(withoutLink.items[2]!.text).toContain('billing.portalLoginUrl');
    // Not blocking: signed-in subscribers manage billing from their profile either way.
    expect(deployCheck(realisticStage('prod', { billing: { portalLoginUrl: '' } }), { templates, findings: [], acknowledged: 0 }).blocking).toBe(0);
  });

  it('a policy finding blocks the deploy', () => {
    const templates = templatesOfProd();
    const report = deployCheck(realisticStage(), { templates, findings: ['cdk-validator-cfnguard: s3_lifecycle_policy_check at agency-prod-edge/Site/Bucket/Resource'], acknowledged: 0 });
    expect(report.blocking).toBe(1);
    expect(report.steps.find((x) => x.title === 'Policy checks')!.items[0]!.status).toBe('blocking');
  });
});

describe('the deploy guide', () => {
  it('reads, in order, as the steps deploy:check prints', () => {
    const headings = [...deployGuide.matchAll(/^## (\d+)\. (.+)$/gm)];
    expect(headings.map((m) => Number(m[1]))).toEqual(stepTitles.map((_, i) => i + 1));
    expect(headings.map((m) => m[2])).toEqual([...stepTitles]);
  });

  it('states the cost the script computes from the templates (npm run cost -- --stage prod)', () => {
    const prod = stageConfig('prod');
    const expected = costMarkdown(prod, stageCost(templatesOfProd(), prod));
    const block = deployGuide.slice(deployGuide.indexOf('<!-- cost:start -->') + '<!-- cost:start -->'.length, deployGuide.indexOf('<!-- cost:end -->')).trim();
    expect(block).toBe(expected);
  });
});
