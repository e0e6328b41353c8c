/**
 * What a stage costs, computed from its synthesized templates (so it stays true when resources change) and the
 * prices in prices.ts: the monthly floor of an idle stage, and what each kind of submission adds per 1,000.
 *
 * Read from the templates: the WAF web ACLs and their rules, the alarms, the secrets, the KMS keys, the schedules
 * with their rate and the memory, architecture and tracing of the function each one runs, and for each submission
 * route the memory and tracing of the function that accepts it and of the delivery function it hands off to. Read
 * from the stage: how many support recipients each mail goes to, how long attachments are kept. What no template
 * can say (how long a function runs, how large a record or a file is) is an assumption, named in `assumptions`
 * and printed with the figures.
 */
import { deployedRoutes, invokableBy, resourceName, tables, type FunctionName } from '@shared/deployment/manifest';
import type { RouteName } from '@shared/contract/api';
import { deliveryPlans } from '../../lambdas/domain/submissions/kinds';
import type { StageConfig } from '../stages';
import { prices } from './prices';

type Resource = { Type: string; Properties?: Record<string, unknown> };
export interface StageTemplates {
  readonly edge: { Resources: Record<string, Resource> };
  readonly stateful: { Resources: Record<string, Resource> };
  readonly stateless: { Resources: Record<string, Resource> };
}

/** What no template says, stated once. */
export const assumptions = {
  /** Days in a month on average. */
  daysPerMonth: 30.4375,
  /** An idle retry run: one query of the empty pending index, then exit. */
  idleRetryRunMs: 150,
  /** Accepting a submission: validate, claim uploads, store, hand off. */
  acceptMs: 300,
  /** Presigning the uploads of one submission. */
  presignMs: 100,
  /** One delivery run: the support mail, and the webhook calls in parallel. */
  deliveryMs: 800,
  /** A stored submission record (the table item and its copy in the pending index). */
  recordKb: 2,
  /** Log lines per invocation (Lambda's own start/end/report lines plus the function's JSON lines). */
  logKbPerInvocation: 1.5,
  /** One API access-log line. */
  accessLogKb: 0.6,
  /** Files an idea is sent with, and their size. */
  ideaFiles: 2,
  fileMb: 1,
} as const;

export interface CostLine {
  readonly item: string;
  readonly basis: string;
  readonly usd: number;
}

export interface LoadCost {
  readonly load: string;
  readonly lines: CostLine[];
  /** USD per 1,000 submissions. */
  readonly per1000: number;
}

export interface StageCost {
  readonly idle: CostLine[];
  /** USD a month with no traffic at all. */
  readonly idleMonthly: number;
  readonly loads: LoadCost[];
  /** What each monthly active user with an account costs (the user pool's plan, from the template). */
  readonly perActiveUser: CostLine;
}

const sum = (lines: readonly CostLine[]) => lines.reduce((t, l) => t + l.usd, 0);

function all(t: StageTemplates): [string, Resource][] {
  return [t.edge, t.stateful, t.stateless].flatMap((x) => Object.entries(x.Resources));
}

function ofType(t: StageTemplates, type: string): [string, Resource][] {
  return all(t).filter(([, r]) => r.Type === type);
}

interface FunctionShape {
  readonly memoryGb: number;
  readonly traced: boolean;
}

function shapeOf(r: Resource): FunctionShape {
  const p = r.Properties ?? {};
  const architectures = (p.Architectures as string[] | undefined) ?? ['x86_64'];
  if (!architectures.includes('arm64')) throw new Error('The cost model prices arm64 functions only; add the x86_64 price to prices.ts.');
  return { memoryGb: Number(p.MemorySize ?? 128) / 1024, traced: (p.TracingConfig as { Mode?: string } | undefined)?.Mode === 'Active' };
}

function functionNamed(t: StageTemplates, stage: StageConfig, fn: FunctionName): FunctionShape {
  const found = ofType(t, 'AWS::Lambda::Function').find(([, r]) => r.Properties?.FunctionName === resourceName(stage.name, fn));
  if (!found) throw new Error(`No function ${resourceName(stage.name, fn)} in the templates`);
  return shapeOf(found[1]);
}

/** The cost of one invocation: its request, its duration at its memory, its trace and its log lines. */
function invocation(shape: FunctionShape, ms: number): number {
  return (
    prices.lambdaPerMillionRequests / 1e6 +
    (ms / 1000) * shape.memoryGb * prices.lambdaArmGbSecond +
    (shape.traced ? prices.xrayPerMillionTraces / 1e6 : 0) +
    (assumptions.logKbPerInvocation / 1024 / 1024) * prices.logsIngestPerGb
  );
}

const usdFmt = (n: number) => (n >= 1 ? n.toFixed(2) : n.toFixed(3));

function idleFloor(t: StageTemplates): CostLine[] {
  const lines: CostLine[] = [];
  const acls = ofType(t, 'AWS::WAFv2::WebACL');
  const rules = acls.reduce((n, [, r]) => n + ((r.Properties?.Rules as unknown[] | undefined)?.length ?? 0), 0);
  lines.push({ item: 'AWS WAF web ACL', basis: `${acls.length} web ACL, ${rules} rules`, usd: acls.length * prices.wafWebAclMonth + rules * prices.wafRuleMonth });
  const alarms = ofType(t, 'AWS::CloudWatch::Alarm').length;
  lines.push({ item: 'CloudWatch alarms', basis: `${alarms} alarms`, usd: alarms * prices.alarmMonth });
  const secrets = ofType(t, 'AWS::SecretsManager::Secret').length;
  lines.push({ item: 'Secrets Manager', basis: `${secrets} secrets`, usd: secrets * prices.secretMonth });
  const keys = ofType(t, 'AWS::KMS::Key').length;
  lines.push({
    item: 'KMS key (alarm topic)',
    basis: `${keys} customer-managed key${keys === 1 ? '' : 's'} (yearly rotation adds 1 USD a month after each of its first two rotations)`,
    usd: keys * prices.kmsKeyMonth,
  });
  const resources = Object.fromEntries(all(t));
  for (const [, schedule] of ofType(t, 'AWS::Scheduler::Schedule')) {
    const expression = String(schedule.Properties?.ScheduleExpression ?? '');
    const match = /^rate\((\d+) minutes?\)$/.exec(expression);
    if (!match) throw new Error(`The cost model reads rate(N minutes) schedules only, got ${expression}`);
    const runs = (assumptions.daysPerMonth * 24 * 60) / Number(match[1]);
    const target = ((schedule.Properties?.Target as { Arn?: { 'Fn::GetAtt'?: string[] } } | undefined)?.Arn?.['Fn::GetAtt'] ?? [])[0];
    const fn = target ? resources[target] : undefined;
    if (!fn) throw new Error('A schedule whose target is not a function of the stage');
    const perRun = prices.schedulerPerMillion / 1e6 + invocation(shapeOf(fn), assumptions.idleRetryRunMs) + prices.dynamoPerMillionReads / 1e6;
    lines.push({
      item: 'Delivery retry schedule',
      basis: `${Math.round(runs).toLocaleString('en-US')} runs a month (${expression}), each ~${assumptions.idleRetryRunMs} ms at ${shapeOf(fn).memoryGb * 1024} MB${shapeOf(fn).traced ? ', traced' : ''}, one index read`,
      usd: runs * perRun,
    });
  }
  return lines;
}

/** What one submission through `route` costs, line by line (USD per submission). */
function submissionLines(t: StageTemplates, stage: StageConfig, route: RouteName, files: number): CostLine[] {
  const def = deployedRoutes[route];
  const accept = functionNamed(t, stage, def.fn);
  const [deliveryFn] = invokableBy(def.fn);
  if (!deliveryFn) throw new Error(`${def.fn} hands nothing off: not a submission route`);
  const delivery = functionNamed(t, stage, deliveryFn);
  const kind = ({ createDemoRequest: 'demoRequest', createContactMessage: 'contactMessage', createIdea: 'idea' } as const)[route as 'createDemoRequest'];
  const targets = deliveryPlans[kind]?.targets ?? [];
  const supportMails = targets.filter((x) => x === 'mail').length * stage.mail.to.length;
  // The visitor's confirmation (issue 20): one more message, to the address the form gave.
  const confirmations = targets.filter((x) => x === 'confirmation').length;
  const mails = supportMails + confirmations;
  const webhooks = targets.filter((x) => x.startsWith('webhook:')).length;
  const requests = 1 + (files > 0 ? 1 : 0);
  const indexes = tables.submissions.indexes.length;
  // Stored, leased by the delivery run, its outcome written: three writes of the item and of its index copies (an
  // upper bound: the inbox indexes project only what a row shows, so the lease and outcome writes often skip them).
  const writeUnits = 3 * Math.ceil(assumptions.recordKb) * (1 + indexes);
  const lines: CostLine[] = [
    {
      item: 'CloudFront + AWS WAF + API Gateway',
      basis: `${requests} API request${requests > 1 ? 's' : ''} (${files > 0 ? 'upload links, then the submission' : 'the submission'})`,
      usd: requests * (prices.cloudFrontPer10kHttps / 1e4 + prices.wafPerMillionRequests / 1e6 + prices.httpApiPerMillion / 1e6 + (assumptions.accessLogKb / 1024 / 1024) * prices.logsIngestPerGb),
    },
    {
      item: 'Lambda (accept, deliver)',
      basis: `${def.fn} ~${assumptions.acceptMs} ms at ${accept.memoryGb * 1024} MB, ${deliveryFn} ~${assumptions.deliveryMs} ms at ${delivery.memoryGb * 1024} MB${files > 0 ? `, uploads ~${assumptions.presignMs} ms` : ''}; traces and logs`,
      usd: invocation(accept, assumptions.acceptMs) + invocation(delivery, assumptions.deliveryMs) + (files > 0 ? invocation(functionNamed(t, stage, 'uploads'), assumptions.presignMs) : 0),
    },
    {
      item: 'DynamoDB',
      basis: `${writeUnits} write units (a ${assumptions.recordKb} KB record written 3 times, with its copies in ${indexes} indexes)`,
      usd: (writeUnits * prices.dynamoPerMillionWrites) / 1e6,
    },
    {
      item: 'SES',
      basis: `${mails} message${mails === 1 ? '' : 's'} (one mail to ${stage.mail.to.length} support recipient${stage.mail.to.length === 1 ? '' : 's'}${confirmations ? ", the visitor's confirmation" : ''})${webhooks ? `; ${webhooks} webhook calls ride on the delivery run` : ''}`,
      usd: (mails * prices.sesPer1000) / 1000,
    },
  ];
  if (files > 0) {
    const gb = (files * assumptions.fileMb) / 1024;
    const months = (stage.retention.attachmentDays + stage.retention.orphanedUploadDays) / assumptions.daysPerMonth;
    lines.push({
      item: 'S3 (files)',
      basis: `${files} files of ${assumptions.fileMb} MB: uploaded, copied, read to attach; kept ${stage.retention.attachmentDays} + ${stage.retention.orphanedUploadDays} days`,
      usd: (2 * files * prices.s3Per1000Puts) / 1000 + (files * prices.s3Per1000Gets) / 1000 + gb * months * prices.s3GbMonth,
    });
  }
  return lines;
}

function perActiveUser(t: StageTemplates): CostLine {
  const tiers = ofType(t, 'AWS::Cognito::UserPool').map(([, r]) => String(r.Properties?.UserPoolTier ?? 'ESSENTIALS'));
  if (tiers.includes('PLUS')) return { item: 'Cognito, Plus plan (threat protection)', basis: 'each monthly active user, no free tier', usd: prices.cognitoPlusMau };
  return {
    item: 'Cognito, Essentials plan',
    basis: `each monthly active user beyond the first ${prices.cognitoEssentialsFreeMau.toLocaleString('en-US')}`,
    usd: prices.cognitoEssentialsMau,
  };
}

export function stageCost(templates: StageTemplates, stage: StageConfig): StageCost {
  const idle = idleFloor(templates);
  const loads = (
    [
      ['Demo request', 'createDemoRequest', 0],
      ['Contact message', 'createContactMessage', 0],
      [`Idea with ${assumptions.ideaFiles} files`, 'createIdea', assumptions.ideaFiles],
    ] as const
  ).map(([load, route, files]) => {
    const lines = submissionLines(templates, stage, route, files).map((l) => ({ ...l, usd: l.usd * 1000 }));
    return { load, lines, per1000: sum(lines) };
  });
  return { idle, idleMonthly: sum(idle), loads, perActiveUser: perActiveUser(templates) };
}

/** The figures as Markdown: the deploy guide's section and `npm run cost`. */
export function costMarkdown(stage: StageConfig, cost: StageCost): string {
  const out: string[] = [];
  out.push(`Stage \`${stage.name}\`, us-east-1 list prices (\`infra/deploy/prices.ts\`), no free tier:`);
  out.push('');
  out.push('| idle stage, a month | basis | USD |');
  out.push('|---|---|---:|');
  for (const l of cost.idle) out.push(`| ${l.item} | ${l.basis} | ${usdFmt(l.usd)} |`);
  out.push(`| **floor** | | **${usdFmt(cost.idleMonthly)}** |`);
  out.push('');
  out.push('| per 1,000 submissions | what it pays for | USD |');
  out.push('|---|---|---:|');
  for (const load of cost.loads) {
    out.push(`| **${load.load}** | | **${usdFmt(load.per1000)}** |`);
    for (const l of load.lines) out.push(`| ${l.item} | ${l.basis} | ${usdFmt(l.usd)} |`);
  }
  out.push(`| **Accounts**: ${cost.perActiveUser.item} | ${cost.perActiveUser.basis} | ${usdFmt(cost.perActiveUser.usd)} |`);
  out.push('');
  out.push(
    `Assumed, as no template says it: an idle retry run takes ~${assumptions.idleRetryRunMs} ms, accepting ~${assumptions.acceptMs} ms, a delivery run ~${assumptions.deliveryMs} ms; a record is ${assumptions.recordKb} KB; ${assumptions.logKbPerInvocation} KB of logs per invocation. Not counted: storage of logs and records (cents at this size), page views (CloudFront and WAF requests, ${prices.cloudFrontPer10kHttps} USD per 10,000 plus ${prices.wafPerMillionRequests} per million), alarm mails.`,
  );
  return out.join('\n');
}
