/**
 * `npm run bench:staff`: the leads inbox at 100,000 submissions, on the local stack (its own process, a fresh
 * state folder), through the staff API as the console calls it (JWT authorizer, staff check, handler, dynalite).
 *
 * 1. Seeds 100,000 submissions into the local table (as the accepting functions store them).
 * 2. Signs a staff member in (npm run staff:add's own code, then the authenticator app as the console sets it up).
 * 3. Latency of the first page and of filtered pages (p50 / p95 / max over --runs requests each, after warm-up),
 *    naming the index each one reads: every list is a Query on an index, never a Scan. Budget: p95 < 200 ms for
 *    the first page and for every filtered page. A word search (bounded reads) and a next page are shown too.
 * 4. CSV export of all 100,000 rows: time, rows per second, MB per second, file size.
 * 5. The overview (the console's first screen) with 10,000 purchases seeded besides, read from the figures kept
 *    as records are written (seeded with them): p50 / p95 / max. Budget: p95 < 200 ms.
 *
 * Options: --submissions N (default 100000), --purchases N (default 10000), --runs N (default 40). Exits 1 when a
 * budget is missed. The results are written into docs/benchmarks.md (./report.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routes } from '@shared/contract/api';
import type { DownloadAnswer, InboxPage } from '@shared/contract/staff-console';
import type { OverviewView } from '@shared/contract/staff-overview';
import { tableEnvName } from '@shared/deployment/manifest';
import { addStaff } from '../../infra/local/add-staff';
import type { LocalStackDescription } from '../../infra/local/stack';
import { setUpAuthenticator, signIn } from '../helpers/cognito';
import { recordPrinted, writeBenchSection } from './report';
import { seed } from './staff/seed';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const TOTAL = option('--submissions', 100_000);
const PURCHASES = option('--purchases', 10_000);
const RUNS = option('--runs', 40);
const BUDGET_P95_MS = 200;

function startStack(stateDir: string): Promise<{ child: ChildProcess; stack: LocalStackDescription }> {
  const child = fork(new URL('./staff/stack-process.ts', import.meta.url).pathname, [JSON.stringify({ stateDir })], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the stack process exited (${code})`)));
    child.on('message', (m: { type: string; stack: LocalStackDescription }) => {
      if (m.type === 'ready') resolve({ child, stack: m.stack });
    });
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const fmt = (ms: number) => ms.toFixed(1).padStart(7);

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-staff-'));
  const stateDir = join(workDir, 'state');
  const failures: string[] = [];
  console.log(`starting a local stack (its own process, state in ${stateDir}) ...`);
  const { child, stack } = await startStack(stateDir);
  try {
    const table = stack.env[tableEnvName('submissions')] as string;
    let started = Date.now();
    await seed({
      endpoint: stack.endpoints.dynamodb,
      table,
      total: TOTAL,
      purchases: { table: stack.env[tableEnvName('purchases')] as string, total: PURCHASES },
      overview: { table: stack.env[tableEnvName('overview')] as string, timeZone: stack.env.AGENCY_TIME_ZONE ?? 'America/New_York' },
      progress: (n) => process.stdout.write(`\r  seeded ${n.toLocaleString('en-US')} ...`),
    });
    const seedSeconds = (Date.now() - started) / 1000;
    console.log(`\rseeded ${TOTAL.toLocaleString('en-US')} submissions into ${table}, ${PURCHASES.toLocaleString('en-US')} purchases and the overview's figures in ${seedSeconds.toFixed(1)} s`);

    const email = 'bench-staff@example.com';
    const password = 'bench-staff-1';
    await addStaff({ email, password, stateDir });
    // Staff routes need the authenticator app (lambdas/composition/sessions.ts): set it up, then sign in with its code.
    const totpSecret = await setUpAuthenticator((await signIn(email, password, stack)).accessToken, stack);
    const token = (await signIn(email, password, stack, totpSecret)).accessToken;
    // Every route has a per-client limit (300 reads in 5 minutes locally): each page measured is asked from an
    // address of its own, as if by another member of the staff, so the bench measures the pages, not the limit.
    let client = 1;
    const headersFrom = (address: number) => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': `10.0.${address}.1` });
    const headers = headersFrom(0);

    const list = async (query: Record<string, string>) => {
      const t = performance.now();
      const response = await fetch(`${stack.apiUrl}${routes.listSubmissions.path}?${new URLSearchParams(query)}`, { headers: headersFrom(client) });
      const body = (await response.json()) as InboxPage & { message?: string };
      const ms = performance.now() - t;
      if (!response.ok) throw new Error(`${JSON.stringify(query)} answered ${response.status}: ${body.message}`);
      return { ms, body };
    };

    const first = await list({ limit: '25' });
    const someone = first.body.items[5] as InboxPage['items'][number];
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const cases: { name: string; query: Record<string, string>; budget: boolean }[] = [
      { name: 'first page (newest 25)', query: { limit: '25' }, budget: true },
      { name: 'next page (cursor)', query: { limit: '25', cursor: first.body.cursor as string }, budget: true },
      { name: 'kind = idea', query: { limit: '25', kind: 'idea' }, budget: true },
      { name: 'status = answered', query: { limit: '25', status: 'answered' }, budget: true },
      { name: 'kind = contact, status = closed', query: { limit: '25', kind: 'contactMessage', status: 'closed' }, budget: true },
      { name: 'received in the last 7 days', query: { limit: '25', from: weekAgo, to: today }, budget: true },
      { name: 'kind + status + 7 days', query: { limit: '25', kind: 'demoRequest', status: 'new', from: weekAgo, to: today }, budget: true },
      { name: 'search: an e-mail address', query: { limit: '25', q: someone.email }, budget: true },
      { name: 'search: a reference', query: { limit: '25', q: someone.reference }, budget: true },
      { name: 'search: an id', query: { limit: '25', q: someone.id }, budget: true },
      { name: 'search: words (bounded read)', query: { limit: '25', q: 'person 99990' }, budget: false },
    ];

    // The results, as printed, for docs/benchmarks.md (./report.ts).
    const printed = recordPrinted();
    console.log(`== inbox pages at ${TOTAL.toLocaleString('en-US')} submissions (${RUNS} requests each after 5 warm-up; ms; budget p95 < ${BUDGET_P95_MS} ms)`);
    console.log(`${'page'.padEnd(34)} ${'index read'.padEnd(22)} rows  examined     p50     p95     max`);
    for (const c of cases) {
      client += 1;
      for (let i = 0; i < 5; i++) await list(c.query);
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof list>> | undefined;
      for (let i = 0; i < RUNS; i++) {
        last = await list(c.query);
        times.push(last.ms);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      const over = c.budget && p95 >= BUDGET_P95_MS;
      if (over) failures.push(`${c.name}: p95 ${p95.toFixed(1)} ms >= ${BUDGET_P95_MS} ms`);
      console.log(
        `${c.name.padEnd(34)} ${String(last?.body.index).padEnd(22)} ${String(last?.body.items.length).padStart(4)} ${String(last?.body.examined).padStart(9)} ${fmt(percentile(times, 50))} ${fmt(p95)} ${fmt(times.at(-1) as number)}${over ? '  OVER' : c.budget ? '' : '  (no budget)'}`,
      );
    }

    console.log(`\n== CSV export of every submission (${TOTAL.toLocaleString('en-US')} rows), streamed to S3 in parts`);
    started = performance.now();
    const response = await fetch(`${stack.apiUrl}${routes.exportSubmissions.path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
    const answer = (await response.json()) as DownloadAnswer & { message?: string };
    const seconds = (performance.now() - started) / 1000;
    if (!response.ok) {
      failures.push(`CSV export answered ${response.status}: ${answer.message}`);
      console.log(`  failed: ${response.status} ${answer.message}`);
    } else {
      const file = await fetch(answer.url);
      const bytes = (await file.arrayBuffer()).byteLength;
      console.log(`  ${answer.rows?.toLocaleString('en-US')} rows, ${(answer.bytes / 1_048_576).toFixed(1)} MB in ${seconds.toFixed(1)} s: ${Math.round((answer.rows ?? 0) / seconds).toLocaleString('en-US')} rows/s, ${(answer.bytes / 1_048_576 / seconds).toFixed(2)} MB/s (downloaded ${(bytes / 1_048_576).toFixed(1)} MB)`);
      if (answer.rows !== TOTAL) failures.push(`CSV export wrote ${answer.rows} rows, not ${TOTAL}`);
    }

    console.log(`\n== the overview at ${TOTAL.toLocaleString('en-US')} submissions and ${PURCHASES.toLocaleString('en-US')} purchases (${RUNS} requests after 5 warm-up; ms; budget p95 < ${BUDGET_P95_MS} ms)`);
    {
      client += 1;
      const read = async () => {
        const t = performance.now();
        const response = await fetch(`${stack.apiUrl}${routes.getOverview.path}`, { headers: headersFrom(client) });
        const body = await response.text();
        const ms = performance.now() - t;
        if (!response.ok) throw new Error(`the overview answered ${response.status}: ${body}`);
        return { ms, body: JSON.parse(body) as OverviewView, bytes: body.length };
      };
      for (let i = 0; i < 5; i++) await read();
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof read>> | undefined;
      for (let i = 0; i < RUNS; i++) {
        last = await read();
        times.push(last.ms);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      const over = p95 >= BUDGET_P95_MS;
      if (over) failures.push(`overview: p95 ${p95.toFixed(1)} ms >= ${BUDGET_P95_MS} ms`);
      const leads = last?.body.leadsPerDay.reduce((n, d) => n + d.demoRequest + d.contactMessage + d.idea, 0) ?? 0;
      const sales = last?.body.sales.weeks.reduce((n, w) => n + Object.values(w.byApp).reduce((a, b) => a + b, 0), 0) ?? 0;
      console.log(`${'overview'.padEnd(34)} ${`${((last?.bytes ?? 0) / 1024).toFixed(0)} KB answer`.padEnd(22)} ${fmt(percentile(times, 50))} ${fmt(p95)} ${fmt(times.at(-1) as number)}${over ? '  OVER' : ''}`);
      console.log(`  it counts ${leads.toLocaleString('en-US')} leads in 90 days, ${last?.body.openLeads.total.toLocaleString('en-US')} open, ${sales.toLocaleString('en-US')} sales in 13 weeks`);
    }

    console.log(failures.length === 0 ? '\nEvery budget met.' : `\nOver budget:\n  ${failures.join('\n  ')}`);
    writeBenchSection('staff', printed());
  } finally {
    child.send({ type: 'stop' });
    await new Promise((r) => child.once('exit', r));
    rmSync(workDir, { recursive: true, force: true });
  }
  if (failures.length > 0) process.exit(1);
}

await main();
