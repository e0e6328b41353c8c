/**
 * The deploy preflight (`npm run deploy:check -- --stage prod`): every step of a stage's deploy, in the order the
 * deploy guide (README.md) follows, each with what is ready and what the operator must still do by hand, and the
 * command for it. A blocking item (a setting that is still a placeholder, a policy finding) stops the deploy: the
 * deploy scripts run this first and stop on its exit code. Steps after the deploy cannot be checked offline; they
 * are listed with the command that checks them.
 */
import { asyncInvocations, deployedRoutes, resourceName, type DeployedRouteDef, type FunctionName } from '@shared/deployment/manifest';
import { handledStripeEvents } from '../../lambdas/domain/purchases/stripe-events';
import { alarmArnPattern } from '../constructs/operations';
import { edgeRegion, parseMailbox, placeholdersOf, type StageConfig } from '../stages';
import { cfnLintInstall, type CfnLintResult } from './cfn-lint';
import { costMarkdown, stageCost, type StageCost } from './cost';
import type { StageSynth } from './synth';

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

/** A request is assumed to keep its function busy about this long when the account's concurrency is sized. */
const assumedSecondsPerInvocation = 1;
/** Lambda's concurrency quota code (Service Quotas) and its usual default. */
const concurrencyQuotaCode = 'L-B99A9384';
const defaultConcurrencyQuota = 1000;

function output(stack: string, key: string): string {
  return `$(aws cloudformation describe-stacks --stack-name ${stack} --query "Stacks[0].Outputs[?OutputKey=='${key}'].OutputValue" --output text)`;
}

/** The concurrent executions the routes' throttles (and the deliveries they hand off) can demand at once. */
export function concurrencyNeeded(): { requestsPerSecond: number; executions: number } {
  const routes = Object.values(deployedRoutes) as DeployedRouteDef[];
  const requestsPerSecond = routes.reduce((n, r) => n + r.throttle.rate, 0);
  const handOffs = routes.filter((r) => Object.values(asyncInvocations).some((a) => (a.invokedBy as readonly FunctionName[]).includes(r.fn))).reduce((n, r) => n + r.throttle.rate, 0);
  return { requestsPerSecond, executions: Math.ceil((requestsPerSecond + handOffs) * assumedSecondsPerInvocation) + 1 };
}

export function deployCheck(stage: StageConfig, synth: StageSynth): CheckReport {
  const s = stage.name;
  const stack = (kind: string) => resourceName(s, kind);
  const placeholders = placeholdersOf(stage);
  const where = `stage ${s} in infra/stages.ts`;
  const deployCommand = s === 'dev' || s === 'prod' ? `npm run deploy:${s}` : `npm run build:web && npm run deploy:check -- --stage ${s} && npx cdk deploy --all -c stage=${s}`;
  // With a custom domain the site's address is known now; without one it is the SiteUrl output after the deploy.
  const siteUrl = stage.site ? `https://${stage.site.domainName}` : output(stack('edge'), 'SiteUrl');
  const siteUrlText = stage.site ? siteUrl : '<SiteUrl>';

  const account = placeholders.find((p) => p.setting === 'account');
  const accountStep: CheckStep = {
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

  const settings = placeholders.filter((p) => p.setting !== 'account');
  const settingsStep: CheckStep = {
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

  const policyStep: CheckStep = {
    title: 'Policy checks',
    after: false,
    items: [
      ...(synth.findings.length > 0
        ? synth.findings.map((f) => ({ status: 'blocking' as const, text: `${f}: fix it, or acknowledge it with a reason next to the resource (infra/constructs/)` }))
        : [{ status: 'ready' as const, text: `cdk-nag and AWS's Guard rules pass on the synthesized stage (${synth.acknowledged} Guard findings acknowledged, each with its reason)` }]),
      ...cfnLintItems(synth.lint),
    ],
  };

  const need = concurrencyNeeded();
  const concurrencyStep: CheckStep = {
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

  const domainStep: CheckStep = {
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

  const deployStep: CheckStep = {
    title: 'Deploy',
    after: false,
    items: [{ status: 'todo', text: 'builds the site, runs this check again and deploys the three stacks in order (edge, stateful, stateless)', commands: [`AWS_PROFILE=agency-${s} ${deployCommand}`] }],
  };

  const topicArn = `arn:aws:sns:${stage.region}:${stage.account}:${resourceName(s, 'alarms')}`;
  const alarmStep: CheckStep = {
    title: 'Alarm mail',
    after: true,
    items: [
      {
        status: 'todo',
        text: `confirm the subscription mail SNS sends to ${stage.alarmEmail} (until then it is PendingConfirmation and no alarm reaches anyone), then fire one alarm to prove the path: its mail must arrive within a minute. The topic lets only alarms ${alarmArnPattern(stage)} publish`,
        commands: [
          `aws sns list-subscriptions-by-topic --topic-arn ${topicArn} --query "Subscriptions[].SubscriptionArn"`,
          `aws cloudwatch set-alarm-state --alarm-name ${resourceName(s, 'api-5xx')} --state-value ALARM --state-reason "testing the alarm path"`,
        ],
      },
    ],
  };

  const isDomain = !stage.mail.identity.includes('@');
  const zoneCoversMail = isDomain && stage.site?.hostedZone?.name === stage.mail.identity;
  const sesStep: CheckStep = {
    title: 'SES identity and DKIM',
    after: true,
    items: [
      isDomain
        ? zoneCoversMail
          ? { status: 'ready', text: `the stateful stack adds the DKIM records of ${stage.mail.identity} to its Route 53 zone` }
          : {
              status: 'todo',
              text: `add the three DKIM CNAME records of ${stage.mail.identity} to its DNS (outputs DkimRecord1..3 of ${stack('stateful')}), each as <token>._domainkey.${stage.mail.identity} CNAME <token>.dkim.amazonses.com`,
              commands: [`aws sesv2 get-email-identity --email-identity ${stage.mail.identity} --query "DkimAttributes.Tokens"`],
            }
        : { status: 'todo', text: `click the verification link SES mails to ${stage.mail.identity}` },
      {
        status: 'todo',
        text: `wait until SES shows ${stage.mail.identity} as verified (true); mail from ${parseMailbox(stage.mail.from).address} is refused until then`,
        commands: [`aws sesv2 get-email-identity --email-identity ${stage.mail.identity} --query VerifiedForSendingStatus`],
      },
    ],
  };

  const sandboxStep: CheckStep = {
    title: 'SES sandbox and the Cognito mailer',
    after: true,
    items: [
      {
        status: 'todo',
        text: `a new account is in the SES sandbox (mail only to verified addresses, 200 a day): request production access; until then verify ${stage.mail.to.join(' and ')} to test`,
        commands: [
          'aws sesv2 get-account --query ProductionAccessEnabled',
          `aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url ${siteUrl} --use-case-description "Notifications of the site's forms to our support staff, and account mails to users who sign up" --contact-language EN`,
        ],
      },
      stage.mail.cognitoSendsWithSes
        ? {
            status: 'todo',
            text: `mail.cognitoSendsWithSes is true: Cognito refuses an unverified sender, and in the sandbox its mails reach only verified addresses. Deploy this only once both commands above answer true; a first deploy keeps it false`,
            commands: [`aws sesv2 get-email-identity --email-identity ${stage.mail.identity} --query VerifiedForSendingStatus`, 'aws sesv2 get-account --query ProductionAccessEnabled'],
          }
        : {
            status: 'todo',
            text: `Cognito keeps its own mailer (50 mails a day, from no-reply@verificationemail.com) while mail.cognitoSendsWithSes is false. Once the identity is verified and the account out of the sandbox (both commands above answer true), set it to true in ${where} and deploy again`,
            commands: [`AWS_PROFILE=agency-${s} ${deployCommand}`],
          },
    ],
  };

  const events = handledStripeEvents.join(',');
  const stripeStep: CheckStep = {
    title: 'Stripe keys and webhook endpoint',
    after: true,
    items: [
      {
        status: 'todo',
        text: `register the endpoint ${siteUrlText}/api/stripe-webhook for the ${handledStripeEvents.length} events the site acts on (purchases, refunds, lost disputes, cancellations, renewals; an event left out is a purchase state the site never learns), then store the secret key and the endpoint's signing secret (payments answer the fallback checkout until then). The second command shows the events an existing endpoint sends`,
        commands: [
          `stripe webhook_endpoints create --url ${siteUrl}/api/stripe-webhook --enabled-events ${events}`,
          'stripe webhook_endpoints list',
          `SECRET=${output(stack('stateful'), 'StripeSecretName')}`,
          `aws secretsmanager put-secret-value --secret-id "$SECRET" --secret-string '{"STRIPE_SECRET_KEY":"sk_live_...","STRIPE_WEBHOOK_SECRET":"whsec_..."}'`,
        ],
      },
      {
        status: 'todo',
        text: 'in the Stripe Dashboard (test and live mode each; no API sets them): Settings, Customer emails: turn on Successful payments and Refunds, so buyers get their receipts (one-time purchases with their invoice); Settings, Billing, Subscriptions and emails: send finalized invoices and the failed-payment mails; Settings, Billing, Customer portal: activate it with payment methods, invoice history and cancellation, returning to /profile (the command shows whether an active portal configuration exists)',
        commands: ['stripe billing_portal configurations list --active=true'],
      },
      stage.billing.portalLoginUrl
        ? { status: 'ready', text: `the Services page links the customer portal's login page ${stage.billing.portalLoginUrl} for subscribers who are not signed in` }
        : {
            status: 'todo',
            text: `turn on the customer portal's login link (Settings, Billing, Customer portal) and set billing.portalLoginUrl of ${where} to it, then deploy again: until then the Services page offers subscribers who are not signed in no way to manage their billing (signed in, My Profile's Manage billing works regardless)`,
            commands: [`AWS_PROFILE=agency-${s} ${deployCommand}`],
          },
    ],
  };

  const signingStep: CheckStep = {
    title: "Receivers' signing key",
    after: true,
    items: [
      {
        status: 'todo',
        text: `give the receivers of ${stage.webhooks.testUrl} and ${stage.webhooks.prodUrl}${stage.webhooks.promptUrl ? ` and ${stage.webhooks.promptUrl}` : ''} the WEBHOOK_SIGNING_SECRET the first deploy generated, so they can verify every call (README: Verifying a webhook call)`,
        commands: [`aws secretsmanager get-secret-value --secret-id ${output(stack('stateful'), 'WebhookSigningSecretName')} --query SecretString --output text`],
      },
    ],
  };

  const steps = [accountStep, settingsStep, policyStep, concurrencyStep, domainStep, deployStep, alarmStep, sesStep, sandboxStep, stripeStep, signingStep];
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
/** cfn-lint's verdict on the stage's templates: errors block the deploy; a missing linter is to be installed. */
function cfnLintItems(lint: CfnLintResult | undefined): CheckItem[] {
  if (!lint) return [];
  if (!lint.available) return [{ status: 'todo', text: "cfn-lint (AWS's template linter) is not installed: install it and run deploy:check again", commands: [cfnLintInstall] }];
  if (lint.errors.length === 0) return [{ status: 'ready', text: `cfn-lint ${lint.version}: no errors in the stage's templates (${lint.warnings} warnings)` }];
  return lint.errors.map((e) => ({ status: 'blocking', text: `cfn-lint ${e.rule} at ${e.where}: ${e.message}` }));
}

export function runDeployCheck(stage: StageConfig, synth: StageSynth, write: (text: string) => void = (t) => process.stdout.write(t)): number {
  const report = deployCheck(stage, synth);
  write(`${formatReport(report)}\n`);
  return report.blocking > 0 ? 1 : 0;
}
