/** The steps of the deploy preflight before the deploy, checked offline (infra/deploy/check.ts prints them in order). */
import { asyncInvocations, deployedRoutes, type DeployedRouteDef, type FunctionName } from '@shared/deployment/manifest';
import { edgeRegion } from '../../stages';
import { cfnLintInstall, type CfnLintResult } from '../cfn-lint';
import { output, type CheckItem, type CheckStep, type StepContext } from './context';

/** A request is assumed to keep its function busy about this long when the account's concurrency is sized. */
const assumedSecondsPerInvocation = 1;
/** Lambda's concurrency quota code (Service Quotas) and its usual default. */
const concurrencyQuotaCode = 'L-B99A9384';
const defaultConcurrencyQuota = 1000;

/** The concurrent executions the routes' throttles (and the deliveries they hand off) can demand at once. */
export function concurrencyNeeded(): { requestsPerSecond: number; executions: number } {
  const routes = Object.values(deployedRoutes) as DeployedRouteDef[];
  const requestsPerSecond = routes.reduce((n, r) => n + r.throttle.rate, 0);
  const handOffs = routes.filter((r) => Object.values(asyncInvocations).some((a) => (a.invokedBy as readonly FunctionName[]).includes(r.fn))).reduce((n, r) => n + r.throttle.rate, 0);
  return { requestsPerSecond, executions: Math.ceil((requestsPerSecond + handOffs) * assumedSecondsPerInvocation) + 1 };
}

/** Account and region: a real account id, credentials and the CDK bootstrap. */
export function accountStep({ stage, s, placeholders, where }: StepContext): CheckStep {
  const account = placeholders.find((p) => p.setting === 'account');
  return {
    title: 'Account and region',
    after: false,
    items: [
      account
        ? {
            status: 'blocking',
            text: `account ${account.value}: ${account.why}. Set \`account\` of ${where}, or AGENCY_${s.toUpperCase()}_ACCOUNT.`,
            commands: ['aws sts get-caller-identity --query Account --output text'],
          }
        : { status: 'ready', text: `account ${stage.account}, region ${stage.region}` },
      {
        status: 'todo',
        text: `credentials for that account (e.g. an IAM Identity Center profile), and the CDK bootstrap, once per account and region`,
        commands: [`aws configure sso && export AWS_PROFILE=agency-${s}`, `npx cdk bootstrap aws://${stage.account}/${stage.region}`],
      },
    ],
  };
}

/** Stage settings: no placeholder left. */
export function settingsStep({ stage, placeholders, where }: StepContext): CheckStep {
  const settings = placeholders.filter((p) => p.setting !== 'account');
  return {
    title: 'Stage settings',
    after: false,
    items:
      settings.length > 0
        ? settings.map((p) => ({
            status: 'blocking' as const,
            text: `${p.setting} = ${p.value}: ${p.why}. Set it in ${where}.`,
            commands: [`grep -n ${JSON.stringify(p.value.replace(/^.*<|>$/g, ''))} infra/stages.ts`],
          }))
        : [{ status: 'ready', text: `alarm mail ${stage.alarmEmail}; mail from ${stage.mail.from} to ${stage.mail.to.join(', ')}; webhooks ${stage.webhooks.testUrl}, ${stage.webhooks.prodUrl}${stage.webhooks.promptUrl ? `, prompts ${stage.webhooks.promptUrl}` : ' (prompts: the built-in generator)'}` }],
  };
}

/** Policy checks: cdk-nag, the Guard rules and cfn-lint on the synthesized stage. */
export function policyStep({ synth }: StepContext): CheckStep {
  return {
    title: 'Policy checks',
    after: false,
    items: [
      ...(synth.findings.length > 0
        ? synth.findings.map((f) => ({ status: 'blocking' as const, text: `${f}: fix it, or acknowledge it with a reason next to the resource (infra/constructs/)` }))
        : [{ status: 'ready' as const, text: `cdk-nag and AWS's Guard rules pass on the synthesized stage (${synth.acknowledged} Guard findings acknowledged, each with its reason)` }]),
      ...cfnLintItems(synth.lint),
    ],
  };
}

/** cfn-lint's verdict on the stage's templates: errors block the deploy; a missing linter is to be installed. */
function cfnLintItems(lint: CfnLintResult | undefined): CheckItem[] {
  if (!lint) return [];
  if (!lint.available) return [{ status: 'todo', text: "cfn-lint (AWS's template linter) is not installed: install it and run deploy:check again", commands: [cfnLintInstall] }];
  if (lint.errors.length === 0) return [{ status: 'ready', text: `cfn-lint ${lint.version}: no errors in the stage's templates (${lint.warnings} warnings)` }];
  return lint.errors.map((e) => ({ status: 'blocking', text: `cfn-lint ${e.rule} at ${e.where}: ${e.message}` }));
}

/** Lambda concurrency: what the routes' throttles can demand against the account's quota. */
export function concurrencyStep(): CheckStep {
  const need = concurrencyNeeded();
  return {
    title: 'Lambda concurrency',
    after: false,
    items: [
      {
        status: 'todo',
        text: `the routes' throttles admit ${need.requestsPerSecond} requests a second; at about ${assumedSecondsPerInvocation} s each, with the deliveries they hand off, that is up to ${need.executions} concurrent executions. Lambda's usual quota is ${defaultConcurrencyQuota.toLocaleString('en-US')}, but new accounts often start at 10: check it, and ask for more if it is below ${need.executions}`,
        commands: [
          'aws lambda get-account-settings --query "AccountLimit.ConcurrentExecutions"',
          `aws service-quotas request-service-quota-increase --service-code lambda --quota-code ${concurrencyQuotaCode} --desired-value ${Math.max(defaultConcurrencyQuota, need.executions)}`,
        ],
      },
    ],
  };
}

/** Custom domain: the certificate and the DNS records. */
export function domainStep({ stage, stack }: StepContext): CheckStep {
  return {
    title: 'Custom domain: certificate and DNS',
    after: false,
    items: stage.site
      ? [
          {
            status: 'todo',
            text: `the certificate for ${stage.site.domainName} must be ISSUED, in ${edgeRegion}`,
            commands: [`aws acm describe-certificate --certificate-arn ${stage.site.certificateArn} --region ${edgeRegion} --query Certificate.Status`],
          },
          stage.site.hostedZone
            ? { status: 'ready', text: `the edge stack creates the A and AAAA alias records in the Route 53 zone ${stage.site.hostedZone.name}` }
            : {
                status: 'todo',
                text: `after the deploy, point ${stage.site.domainName} at the distribution (a CNAME at your DNS provider)`,
                commands: [`echo "${stage.site.domainName} CNAME ${output(stack('edge'), 'DistributionDomainName')}"`],
              },
        ]
      : [{ status: 'ready', text: 'no custom domain: the site answers on its CloudFront address (output SiteUrl); add `site` to the stage later, the stacks stay updatable' }],
  };
}

/** Deploy: the command. */
export function deployStep({ s, deployCommand }: StepContext): CheckStep {
  return {
    title: 'Deploy',
    after: false,
    items: [{ status: 'todo', text: 'builds the site, runs this check again and deploys the three stacks in order (edge, stateful, stateless)', commands: [`AWS_PROFILE=agency-${s} ${deployCommand}`] }],
  };
}
