/**
 * `npm run bench:load`: the form endpoints under load, and proof that nothing is lost or sent twice.
 *
 * Starts the local stack in a process of its own (test/helpers/stack-process.ts) and, per phase, sends
 * `--submissions` form posts (demo requests, contact messages and ideas, a third each, every one valid by the
 * shared zod schemas and with its own idempotency key) at `--concurrency` from `--clients` simulated visitors,
 * then as many GETs of a static file of the same server. Prints throughput, p50/p95/p99 and errors per endpoint
 * and each endpoint's throughput as a share of the static file's. Then proves, from the emulators, that every 201
 * is stored once, mailed once to each support recipient and, for ideas, delivered once to each webhook.
 *
 * Phases: `normal`; `slow-webhook`: the 'prod' webhook answers after `--slow-ms` (5 s) for the first half of the
 * ideas, then 503 for `--outage-seconds` (60 s), then recovers; every delivery must still land once, and the
 * visitor's answer must not wait on any of it.
 *
 * Budgets: 0 lost, 0 duplicated, 0 5xx, every request answered 201; speed as ratios within the run
 * (./load/budgets.ts): each form's slow-webhook p99 at most 1.25 x its normal p99, and each form's throughput at
 * least 5% of the static file's. The absolute figures are printed. Before the phases, once the stack's function
 * hosts are warm, one submission of each form measures the first call after a cold start (printed).
 * Exits 1 when a budget is missed; the results are written into docs/benchmarks.md (./report.ts). Traffic goes only
 * to the stack on 127.0.0.1 (or to `--base-url`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@shared/contract/http';
import { localClientLimits } from '@shared/deployment/manifest';
import { distDir } from '../../infra/local/site-server';
import { maxCalls as inboxKeepsCalls } from '../../infra/local/webhook-inbox';
import { clearMailbox } from '../helpers/mailbox';
import { startSeparateStack, type SeparateStack } from '../helpers/separate-stack';
import { clearWebhookCalls, failHook, restoreAllHooks, slowHook } from '../helpers/webhook-inbox';
import { latencyRatioBudget, slowWebhookRatios, staticShare, staticShareFloor } from './load/budgets';
import { isComplete, prove, type Accepted, type Proof } from './load/proof';
import { formBody, formRoutes, percentile, routeThrottle, runLoad, waitForRouteBudget, type Answer, type FormEndpoint, type RunResult } from './load/traffic';
import { recordPrinted, writeBenchSection } from './report';

// The stack runs on Node 20 on purpose (as `npm start` does); the SDK's "Node 22 from 2027" notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Hard stop for the whole bench, whatever the options: the process ends by itself. */
const hardLimitMs = 15 * 60_000;

interface Options {
  phase: 'normal' | 'slow-webhook' | 'all';
  submissions: number;
  concurrency: number;
  clients: number;
  baseUrl?: string;
  staticPath?: string;
  webDir?: string;
  slowMs: number;
  outageSeconds: number;
  retryEverySeconds: number;
  settleTimeoutSeconds: number;
  timeoutSeconds: number;
  confirmWrites: boolean;
  /** Submissions of each form before the phases, not counted (see warmUp). */
  warmUp: number;
  /** Test-only fault: the visitor's answer waits for the delivery (StartOptions.answerWaitsOnDelivery). */
  answerWaitsOnDelivery: boolean;
}

const usage = `npm run bench:load -- [options]
  --phase normal|slow-webhook|all   which phases to run (default all)
  --submissions N                   form posts per phase, split over demo, contact and idea (default 1000)
  --concurrency N                   connections at once (default 50)
  --clients N                       simulated visitors (X-Forwarded-For addresses; default 20)
  --static-path PATH                the static file to compare with (default /favicon.svg, or /config.json
                                    when web/dist is not built)
  --web-dir DIR                     the built web app the local stack serves (default web/dist)
  --slow-ms N                       how slowly the 'prod' webhook answers in the slow-webhook phase (default 5000)
  --outage-seconds N                how long it then answers 503 (default 60)
  --retry-every-seconds N           how often the bench runs the delivery-retry job (default 5; deployed: 60)
  --settle-timeout-seconds N        how long to wait for every delivery to land (default 150)
  --timeout-seconds N               a request without an answer after this counts as unanswered (default 30)
  --warm-up N                       submissions of each form before the phases, not counted (default 60)
  --answer-waits-on-delivery        test-only fault: the local stack answers each post only once its delivery has
                                    run, to prove the ratio budget fails then (exit 1)
  --base-url URL                    a deployed stage instead of the local stack: only the traffic and its
                                    figures (no emulator proof, no webhook faults); needs --confirm-writes`;

function parseArgs(argv: string[]): Options {
  const o: Options = {
    phase: 'all',
    submissions: 1000,
    concurrency: 50,
    clients: 20,
    slowMs: 5000,
    outageSeconds: 60,
    retryEverySeconds: 5,
    settleTimeoutSeconds: 150,
    timeoutSeconds: 30,
    confirmWrites: false,
    warmUp: 60,
    answerWaitsOnDelivery: false,
  };
  const positive = (name: string, v: string | undefined, max: number) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0 || n > max) throw new Error(`${name} must be a number from 1 to ${max}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => argv[++i];
    switch (arg) {
      case '--phase': {
        const v = next();
        if (v !== 'normal' && v !== 'slow-webhook' && v !== 'all') throw new Error('--phase must be normal, slow-webhook or all');
        o.phase = v;
        break;
      }
      case '--submissions':
        o.submissions = Math.round(positive(arg, next(), 20_000));
        break;
      case '--concurrency':
        o.concurrency = Math.round(positive(arg, next(), 1000));
        break;
      case '--clients':
        o.clients = Math.round(positive(arg, next(), 250));
        break;
      case '--base-url':
        o.baseUrl = next()?.replace(/\/+$/, '');
        break;
      case '--static-path':
        o.staticPath = next();
        break;
      case '--web-dir':
        o.webDir = next();
        break;
      case '--slow-ms':
        o.slowMs = positive(arg, next(), 60_000);
        break;
      case '--outage-seconds':
        o.outageSeconds = positive(arg, next(), 600);
        break;
      case '--retry-every-seconds':
        o.retryEverySeconds = positive(arg, next(), 600);
        break;
      case '--settle-timeout-seconds':
        o.settleTimeoutSeconds = positive(arg, next(), 1800);
        break;
      case '--timeout-seconds':
        o.timeoutSeconds = positive(arg, next(), 120);
        break;
      case '--confirm-writes':
        o.confirmWrites = true;
        break;
      case '--warm-up':
        o.warmUp = Math.round(positive(arg, next(), 400));
        break;
      case '--answer-waits-on-delivery':
        o.answerWaitsOnDelivery = true;
        break;
      case '--help':
      case '-h':
        console.log(usage);
        process.exit(0);
        break;
      default:
        throw new Error(`Unknown option ${arg}\n${usage}`);
    }
  }
  return o;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

// ---------------------------------------------------------------------------------------------------------
// The local stack in its own process
// ---------------------------------------------------------------------------------------------------------

/** The bench's stack: its own process, many visitors by X-Forwarded-For, the retry job run by the bench. */
function startStack(webDir: string | undefined, answerWaitsOnDelivery: boolean): Promise<SeparateStack> {
  return startSeparateStack({
    name: 'bench-load',
    webDir,
    trustForwardedFor: true,
    deliveryRetryIntervalMs: 0,
    answerWaitsOnDelivery,
    // CPU_PROFILE_DIR=<dir>: a V8 CPU profile of the stack's thread (and of its function host, infra/local/function-hosts.ts).
    execArgv: process.env.CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROFILE_DIR] : [],
  });
}

// ---------------------------------------------------------------------------------------------------------
// Phases
// ---------------------------------------------------------------------------------------------------------

interface EndpointFigures {
  label: string;
  result: RunResult;
}

interface PhaseOutcome {
  name: string;
  rows: EndpointFigures[];
  staticRow: EndpointFigures;
  accepted: Accepted[];
  proof?: Proof;
  proofSeconds?: number;
  notes: string[];
}

function merge(a: RunResult, b: RunResult): RunResult {
  return { answers: [...a.answers, ...b.answers], unanswered: a.unanswered + b.unanswered, seconds: a.seconds + b.seconds };
}

function split(total: number): Record<FormEndpoint, number> {
  const third = Math.floor(total / 3);
  return { demo: total - 2 * third, contact: third, idea: third };
}

class Phase {
  readonly accepted: Accepted[] = [];
  readonly results = new Map<FormEndpoint, RunResult>();
  private sent = 0;
  /** Time spent waiting for the routes' throttles to refill before a run (see waitForRouteBudget). */
  throttleWaitMs = 0;

  constructor(
    readonly name: string,
    readonly octet: number,
    readonly o: Options,
    readonly baseUrl: string,
    readonly useForwardedFor: boolean,
  ) {}

  /** Client k of this phase: an address of the loopback range, never a real host (it only names a visitor). */
  client(n: number): string | undefined {
    return this.useForwardedFor ? `127.0.${this.octet}.${(n % this.o.clients) + 1}` : undefined;
  }

  private readonly marker = `bench-${randomBytes(3).toString('hex')}`;
  get emailMarker(): string {
    return this.marker;
  }

  async post(endpoint: FormEndpoint, amount: number): Promise<void> {
    if (amount <= 0) return;
    const first = this.sent;
    this.sent += amount;
    const route = formRoutes[endpoint];
    this.throttleWaitMs += await waitForRouteBudget(endpoint, amount);
    const result = await runLoad({
      baseUrl: this.baseUrl,
      endpoint,
      method: 'POST',
      path: route.path,
      amount,
      connections: this.o.concurrency,
      timeoutSeconds: this.o.timeoutSeconds,
      client: (n) => this.client(first + n),
      body: (n) => formBody(endpoint, `${this.marker}-${endpoint}-${first + n}`, first + n),
    });
    for (const answer of result.answers) {
      if (answer.status === 201) this.accepted.push({ id: answer.key, kind: endpoint, email: answer.email ?? '' });
    }
    const before = this.results.get(endpoint);
    this.results.set(endpoint, before ? merge(before, result) : result);
  }

  async staticFile(path: string): Promise<RunResult> {
    return runLoad({
      baseUrl: this.baseUrl,
      endpoint: 'static',
      method: 'GET',
      path,
      amount: this.o.submissions,
      connections: this.o.concurrency,
      timeoutSeconds: this.o.timeoutSeconds,
      client: () => undefined,
    });
  }
}

async function runPhase(
  name: 'normal' | 'slow-webhook',
  octet: number,
  o: Options,
  baseUrl: string,
  staticPath: string,
  stack: SeparateStack | undefined,
): Promise<PhaseOutcome> {
  const notes: string[] = [];
  const phase = new Phase(name, octet, o, baseUrl, stack !== undefined);
  const counts = split(o.submissions);
  const inbox = stack?.description.webhookInboxUrl;
  if (stack) {
    await clearMailbox(stack.description.mailboxUrl);
    await clearWebhookCalls(inbox);
    await restoreAllHooks(inbox);
  }
  let outageEnds = 0;
  console.log(`\n== phase ${name} ==`);
  if (name === 'normal') {
    for (const endpoint of ['demo', 'contact', 'idea'] as const) {
      process.stdout.write(`  ${formRoutes[endpoint].path}: ${counts[endpoint]} posts ... `);
      await phase.post(endpoint, counts[endpoint]);
      console.log('done');
    }
  } else {
    if (!stack || !inbox) throw new Error('The slow-webhook phase needs the local stack');
    const firstHalf = Math.ceil(counts.idea / 2);
    await slowHook('prod', o.slowMs, { inboxUrl: inbox });
    process.stdout.write(`  'prod' webhook answers after ${o.slowMs} ms; ${formRoutes.idea.path}: ${firstHalf} posts ... `);
    await phase.post('idea', firstHalf);
    console.log('done');
    await failHook('prod', 503, undefined, inbox);
    outageEnds = Date.now() + o.outageSeconds * 1000;
    notes.push(`'prod' webhook: ${o.slowMs} ms per answer for ${firstHalf} ideas, then 503 for ${o.outageSeconds} s, then back`);
    process.stdout.write(`  'prod' webhook answers 503 for ${o.outageSeconds} s; ${formRoutes.idea.path}: ${counts.idea - firstHalf} posts ... `);
    await phase.post('idea', counts.idea - firstHalf);
    console.log('done');
    for (const endpoint of ['demo', 'contact'] as const) {
      process.stdout.write(`  ${formRoutes[endpoint].path}: ${counts[endpoint]} posts ... `);
      await phase.post(endpoint, counts[endpoint]);
      console.log('done');
    }
  }
  if (phase.throttleWaitMs > 0) notes.push(`waited ${fmt(phase.throttleWaitMs / 1000, 1)} s in all for the routes' throttles to refill before a run`);
  process.stdout.write(`  GET ${staticPath}: ${o.submissions} requests ... `);
  const staticResult = await phase.staticFile(staticPath);
  console.log('done');

  let proof: Proof | undefined;
  let proofSeconds: number | undefined;
  if (stack) {
    if (outageEnds) {
      const wait = outageEnds - Date.now();
      if (wait > 0) {
        process.stdout.write(`  waiting ${Math.ceil(wait / 1000)} s for the outage to end ... `);
        await sleep(wait);
        console.log('done');
      }
      await restoreAllHooks(inbox);
    }
    // Deliveries that failed are the retry job's: the bench runs it every few seconds (never while a hook is
    // failing, so a retry cannot land inside the outage and back off by minutes) until all landed or time is up.
    const settleStarted = Date.now();
    const deadline = settleStarted + o.settleTimeoutSeconds * 1000;
    process.stdout.write(`  proof: waiting for every delivery to land (retry job every ${o.retryEverySeconds} s, at most ${o.settleTimeoutSeconds} s) `);
    for (;;) {
      proof = await prove(stack.description, phase.accepted, phase.emailMarker);
      if (isComplete(proof) || Date.now() > deadline) break;
      process.stdout.write('.');
      await stack.retry();
      await sleep(Math.max(0, Math.min(o.retryEverySeconds * 1000, deadline - Date.now())));
    }
    // A last look after a pause: anything sent twice late would show now.
    await sleep(1000);
    proof = await prove(stack.description, phase.accepted, phase.emailMarker);
    proofSeconds = (Date.now() - settleStarted) / 1000;
    console.log(` ${fmt(proofSeconds)} s`);
  }
  const rows = (['demo', 'contact', 'idea'] as const)
    .filter((e) => phase.results.has(e))
    .map((e) => ({ label: `POST ${formRoutes[e].path}`, result: phase.results.get(e) as RunResult }));
  return { name, rows, staticRow: { label: `GET ${staticPath} (static)`, result: staticResult }, accepted: phase.accepted, proof, proofSeconds, notes };
}

/**
 * Submissions of each form before the measured phases, not counted, and the wait until every one of them is
 * delivered: the functions' first invocations run unoptimised code, and their deliveries would still be running
 * into the first phase. A site with steady traffic has warm functions and no backlog when a burst starts; a cold
 * function is `bench:lambdas`' subject (init time), the first call after start `firstCalls`'.
 */
async function warmUp(baseUrl: string, stack: SeparateStack, perForm: number): Promise<void> {
  process.stdout.write(`Warming up: ${perForm} submissions of each form, not counted, and their deliveries ... `);
  const started = Date.now();
  const marker = `warmup-${randomBytes(3).toString('hex')}`;
  const accepted: Accepted[] = [];
  for (const endpoint of ['demo', 'contact', 'idea'] as const) {
    await waitForRouteBudget(endpoint, perForm);
    const result = await runLoad({
      baseUrl,
      endpoint,
      method: 'POST',
      path: formRoutes[endpoint].path,
      amount: perForm,
      connections: 10,
      timeoutSeconds: 30,
      // A client address of its own (no phase uses 127.0.250.x), so the phases' per-client counts are untouched.
      client: (n) => `127.0.250.${n + 1}`,
      body: (n) => formBody(endpoint, `${marker}-${endpoint}-${n}`, n),
    });
    for (const a of result.answers) if (a.status === 201) accepted.push({ id: a.key, kind: endpoint, email: a.email ?? '' });
  }
  const deadline = Date.now() + 60_000;
  while (!isComplete(await prove(stack.description, accepted, marker)) && Date.now() < deadline) await sleep(250);
  console.log(`${fmt((Date.now() - started) / 1000, 1)} s`);
}

interface FirstCall {
  endpoint: FormEndpoint;
  status: number;
  ms: number;
}

/**
 * The first submission of each form after the stack has started, as the first visitor after `npm start` makes it:
 * the stack warms its function hosts in the background at start (infra/local/function-hosts.ts), and a visitor needs
 * longer than that to fill in a form, so this waits for the warm-up, then sends one post of each form, one at a
 * time. One GET of the static file first, so the figures do not include this process's own first request.
 */
async function firstCalls(baseUrl: string, stack: SeparateStack, staticPath: string): Promise<{ warmedMs: number; calls: FirstCall[] }> {
  const warmedMs = await Promise.race([stack.warmed, sleep(120_000).then(() => Number.NaN)]);
  await (await fetch(baseUrl + staticPath)).arrayBuffer();
  return { warmedMs, calls: await oneOfEach(baseUrl, 'first', 1) };
}

/** One post of each form, one at a time, each timed from request to answer. */
async function oneOfEach(baseUrl: string, label: string, octet: number): Promise<FirstCall[]> {
  const calls: FirstCall[] = [];
  const marker = `${label}-${randomBytes(3).toString('hex')}`;
  for (const [n, endpoint] of (['demo', 'contact', 'idea'] as const).entries()) {
    await waitForRouteBudget(endpoint, 1);
    const started = performance.now();
    const response = await fetch(baseUrl + formRoutes[endpoint].path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [IDEMPOTENCY_HEADER]: randomUUID(),
        // An address of its own (no phase uses 127.0.251.x).
        'x-forwarded-for': `127.0.251.${octet * 10 + n}`,
      },
      body: JSON.stringify(formBody(endpoint, `${marker}-${endpoint}`, n)),
    });
    await response.arrayBuffer();
    calls.push({ endpoint, status: response.status, ms: performance.now() - started });
  }
  return calls;
}

// ---------------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------------

function figures(result: RunResult) {
  const ms = result.answers.map((a) => a.ms);
  const count = (f: (a: Answer) => boolean) => result.answers.filter(f).length;
  return {
    requests: result.answers.length + result.unanswered,
    ok: count((a) => a.status >= 200 && a.status < 300),
    created: count((a) => a.status === 201),
    errors: count((a) => a.status < 200 || a.status >= 300) + result.unanswered,
    e4xx: count((a) => a.status >= 400 && a.status < 500),
    e5xx: count((a) => a.status >= 500),
    unanswered: result.unanswered,
    rps: result.answers.length / result.seconds,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

interface BudgetLine {
  what: string;
  value: string;
  budget: string;
  met: boolean;
}

function report(outcome: PhaseOutcome, o: Options, local: boolean): BudgetLine[] {
  const s = figures(outcome.staticRow.result);
  const header = ['endpoint', 'requests', '2xx', 'errors', '4xx', '5xx', 'no answer', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'vs static'];
  const lines = [header];
  for (const row of [...outcome.rows, outcome.staticRow]) {
    const f = figures(row.result);
    lines.push([
      row.label,
      String(f.requests),
      String(f.ok),
      String(f.errors),
      String(f.e4xx),
      String(f.e5xx),
      String(f.unanswered),
      fmt(f.rps, 1),
      fmt(f.p50),
      fmt(f.p95),
      fmt(f.p99),
      row === outcome.staticRow ? '100%' : `${fmt((f.rps / s.rps) * 100, 1)}%`,
    ]);
  }
  console.log(`\nphase ${outcome.name}: ${o.submissions} submissions at concurrency ${o.concurrency}${local ? ` from ${o.clients} clients` : ''}`);
  for (const note of outcome.notes) console.log(`  ${note}`);
  console.log(table(lines));

  const budgets: BudgetLine[] = [];
  const forms = outcome.rows.map((r) => figures(r.result));
  const total = forms.reduce((n, f) => n + f.requests, 0);
  const created = forms.reduce((n, f) => n + f.created, 0);
  const e5xx = forms.reduce((n, f) => n + f.e5xx, 0) + s.e5xx;
  budgets.push({ what: `${outcome.name}: answered 201`, value: `${created}/${total}`, budget: 'all', met: created === total });
  budgets.push({ what: `${outcome.name}: 5xx answers`, value: String(e5xx), budget: '0', met: e5xx === 0 });
  for (const row of outcome.rows) {
    const share = staticShare(figures(row.result).rps, s.rps);
    budgets.push({
      what: `${outcome.name}: throughput of ${row.label} as a share of the static file's`,
      value: `${fmt(share.share * 100, 1)}%`,
      budget: `>= ${staticShareFloor * 100}%`,
      met: share.met,
    });
  }
  const proof = outcome.proof;
  if (proof) {
    const missing = Object.values(proof.missing).reduce((a, b) => a + b, 0);
    const duplicated = Object.values(proof.duplicated).reduce((a, b) => a + b, 0);
    console.log(`proof (${proof.accepted} accepted submissions, read from the table, the mailbox and the webhook inbox after ${fmt(outcome.proofSeconds ?? 0)} s):`);
    const proofLines = [['what', 'expected', 'missing', 'duplicated']];
    proofLines.push(['stored in the submissions table', String(proof.accepted), String(proof.notStored.length), String(proof.storedTwice.length)]);
    for (const target of Object.keys(proof.missing)) {
      const expected = target.startsWith('webhook') ? outcome.accepted.filter((a) => a.kind === 'idea').length : proof.accepted;
      proofLines.push([target, String(expected), String(proof.missing[target]), String(proof.duplicated[target] ?? 0)]);
    }
    console.log(table(proofLines));
    console.log(`  deliveries the table still marks pending: ${proof.pending}, failed: ${proof.failed}; stored rows whose request got no 201: ${proof.storedUnanswered}`);
    budgets.push({ what: `${outcome.name}: lost (not stored, or a delivery not landed within the settle time)`, value: String(proof.notStored.length + missing), budget: '0', met: proof.notStored.length + missing === 0 });
    budgets.push({ what: `${outcome.name}: duplicated (stored or delivered twice)`, value: String(proof.storedTwice.length + duplicated), budget: '0', met: proof.storedTwice.length + duplicated === 0 });
  }
  return budgets;
}

/** The slow-webhook phase's p99 against the normal phase's, per form (./load/budgets.ts); both phases must have run. */
function latencyRatios(outcomes: PhaseOutcome[]): BudgetLine[] {
  const p99s = (name: string) =>
    new Map((outcomes.find((x) => x.name === name)?.rows ?? []).map((row) => [row.label, figures(row.result).p99] as const));
  const normal = p99s('normal');
  const slow = p99s('slow-webhook');
  if (normal.size === 0 || slow.size === 0) {
    console.log(`\nThe p99 ratio budget needs both phases in one run (--phase all): not judged.`);
    return [];
  }
  return slowWebhookRatios(normal, slow).map((r) => ({
    what: `p99 of ${r.endpoint}: slow-webhook over normal (${fmt(r.slowP99)} ms / ${fmt(r.normalP99)} ms)`,
    value: `${r.ratio.toFixed(2)}x`,
    budget: `<= ${latencyRatioBudget}x`,
    met: r.met,
  }));
}

function reportFirstCalls(first: { warmedMs: number; calls: FirstCall[] }, later: FirstCall[]): void {
  console.log(
    `\nfirst call after a cold start: the stack warms its function hosts in the background (done ${fmt(first.warmedMs / 1000, 1)} s after start); ` +
      'then one post of each form, one at a time, and the same again after the warm-up submissions (no load either time):',
  );
  const laterOf = (endpoint: FormEndpoint) => later.find((c) => c.endpoint === endpoint);
  console.log(
    table([
      ['endpoint', 'status', 'first call ms', 'a later call ms'],
      ...first.calls.map((c) => [`POST ${formRoutes[c.endpoint].path}`, String(c.status), fmt(c.ms), fmt(laterOf(c.endpoint)?.ms ?? Number.NaN)]),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const o = parseArgs(process.argv.slice(2));
  const local = o.baseUrl === undefined;
  const phases: ('normal' | 'slow-webhook')[] = o.phase === 'all' ? ['normal', 'slow-webhook'] : [o.phase];
  if (!local) {
    if (!o.confirmWrites) {
      console.error(`--base-url sends ${o.submissions} real submissions per phase (stored, and mailed to the support staff): add --confirm-writes.`);
      return 2;
    }
    if (phases.includes('slow-webhook')) {
      console.log('A deployed stage: the slow-webhook phase needs the local webhook inbox, skipped.');
      phases.splice(phases.indexOf('slow-webhook'), 1);
    }
    if (phases.length === 0) return 2;
    console.log(
      'A deployed stage: no proof from the table, mailbox and webhook inbox (they are the emulators\'), so only ' +
        'the figures and the 5xx budget. Its WAF counts clients by their real address and ignores X-Forwarded-For: ' +
        `all ${o.submissions} posts come from this machine, so keep --submissions under the stage's per-client limit ` +
        "(infra/stages.ts, waf) or expect 429s.",
    );
  }

  const perClient = Math.ceil(o.submissions / o.clients);
  if (local) {
    console.log(
      `Per-client limit: the local API allows ${localClientLimits.writeRequestsPer5MinPerIp} write requests per client in 5 minutes ` +
        `(localClientLimits). The stack is started with the test-only trustForwardedFor, and each phase spreads its ` +
        `${o.submissions} posts over ${o.clients} X-Forwarded-For addresses of its own (127.0.<phase>.1-${o.clients}): ` +
        `${perClient} per client, ${perClient <= localClientLimits.writeRequestsPer5MinPerIp ? 'within' : 'OVER'} the limit.`,
    );
    // Per phase the inbox records 2 calls per idea plus the failed attempts (up to one more per idea).
    if (Math.floor(o.submissions / 3) * 3 > inboxKeepsCalls) {
      console.log(`Note: the webhook inbox keeps its last ${inboxKeepsCalls} calls; with more than ${inboxKeepsCalls / 3} ideas per phase the oldest may be dropped and show as missing.`);
    }
    if (perClient > localClientLimits.writeRequestsPer5MinPerIp) {
      console.error('Raise --clients so each client stays within the limit.');
      return 2;
    }
  }
  // The routes' throttles (deployed and local alike) are circuit breakers for all callers together: before each
  // run the bench waits until the route's bucket holds its posts, which one run larger than the burst never can.
  const perForm = split(o.submissions);
  const throttles = (['demo', 'contact', 'idea'] as const).map((e) => `${formRoutes[e].path} ${routeThrottle(e).burst} at once, ${routeThrottle(e).rate}/s`);
  console.log(`Route throttles (routes, for all callers together): ${throttles.join('; ')}. Each run starts once its route can take it.`);
  const tooMany = (['demo', 'contact', 'idea'] as const).filter((e) => perForm[e] > routeThrottle(e).burst);
  if (tooMany.length) {
    console.error(`${tooMany.map((e) => formRoutes[e].path).join(', ')}: more posts per phase than the route's throttle takes at once; lower --submissions.`);
    return 2;
  }

  const webDir = o.webDir ?? distDir;
  const built = existsSync(join(webDir, 'index.html'));
  const staticPath = o.staticPath ?? (local && !built ? '/config.json' : '/favicon.svg');
  if (local && !built && !o.staticPath) console.log(`${webDir} is not built: comparing with /config.json (answered by the same server) instead of a built file.`);

  const started = Date.now();
  let stack: SeparateStack | undefined;
  const allBudgets: BudgetLine[] = [];
  // The results, as printed, for docs/benchmarks.md (./report.ts).
  let printed: (() => string[]) | undefined;
  try {
    if (local) {
      process.stdout.write('Starting the local stack ... ');
      stack = await startStack(built ? webDir : undefined, o.answerWaitsOnDelivery);
      if (o.answerWaitsOnDelivery) console.log('\nTest-only fault: every post is answered only once its delivery has run (--answer-waits-on-delivery).');
      process.env.LOCAL_STACK = JSON.stringify(stack.description);
      console.log(`${stack.description.siteUrl} (log: ${stack.logFile})`);
    }
    const baseUrl = (stack?.description.siteUrl.replace('localhost', '127.0.0.1') ?? o.baseUrl) as string;
    const first = stack ? await firstCalls(baseUrl, stack, staticPath) : undefined;
    if (stack) await warmUp(baseUrl, stack, o.warmUp);
    const later = stack ? await oneOfEach(baseUrl, 'later', 2) : [];
    const outcomes: PhaseOutcome[] = [];
    for (const [i, name] of phases.entries()) outcomes.push(await runPhase(name, i + 1, o, baseUrl, staticPath, stack));

    printed = recordPrinted();
    console.log(`==== results (${fmt((Date.now() - started) / 1000)} s; a shared 2-core machine: figures are noisy) ====`);
    for (const outcome of outcomes) allBudgets.push(...report(outcome, o, local));
    if (first) reportFirstCalls(first, later);
    if (local) allBudgets.push(...latencyRatios(outcomes));
  } finally {
    await stack?.stop();
  }

  console.log('\nbudgets:');
  console.log(table([['what', 'value', 'budget', ''], ...allBudgets.map((b) => [b.what, b.value, b.budget, b.met ? 'met' : 'MISSED'])]));
  const missed = allBudgets.filter((b) => !b.met);
  if (missed.length) {
    console.log(`\n${missed.length} budget(s) MISSED.`);
    if (missed.some((b) => b.what.includes('slow-webhook over normal'))) {
      // Delivery runs after the answer (an asynchronous hand-off), so a slow or failing webhook must not show in it.
      console.log(
        'A slow-webhook p99 over the normal one means the answer waited on something the webhook fault slowed down: ' +
          'the hand-off to delivery (lambdas/adapters/lambda-hand-off.ts) or the machine itself (run again to compare).',
      );
    }
  } else {
    console.log('\nEvery budget met.');
  }
  if (printed) writeBenchSection('load', printed());
  return missed.length ? 1 : 0;
}

const hardStop = setTimeout(() => {
  console.error(`The bench ran longer than ${hardLimitMs / 60_000} minutes: stopping.`);
  process.exit(1);
}, hardLimitMs);
hardStop.unref();

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
