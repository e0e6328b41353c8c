/**
 * `npm test`: every check, in the order that fails fastest, with one summary at the end.
 *
 *   typecheck -> lint -> web build -> unit -> integration (one local stack) -> infra (synth + cdk-nag)
 *   -> browser (Playwright against one local stack serving the built site)
 *
 * All steps run even when one fails, so a run shows everything that is wrong. The last line is
 * "N passed, N failed" over every test case of every runner; the exit code is non-zero if anything failed.
 * `npm test -- --only unit,integration` runs a subset (names as in the summary).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads the runner's JSON report into test-case counts. */
  counts?: () => Counts | undefined;
}

function vitestCounts(file: string): () => Counts | undefined {
  return () => {
    try {
      const r = JSON.parse(readFileSync(file, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      };
      return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
    } catch {
      return undefined;
    }
  };
}

function playwrightCounts(file: string): () => Counts | undefined {
  return () => {
    try {
      const r = JSON.parse(readFileSync(file, 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      };
      return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
    } catch {
      return undefined;
    }
  };
}

const vitest = (project: string): Step => {
  const file = join(reports, `${project}.json`);
  return {
    name: project,
    command: ['npx', 'vitest', 'run', '-c', 'test/vitest.config.ts', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    counts: vitestCounts(file),
  };
};

const browserReport = join(reports, 'browser.json');
const steps: Step[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'build', command: ['npm', 'run', '--silent', 'build:web'] },
  vitest('unit'),
  vitest('integration'),
  vitest('infra'),
  {
    name: 'browser',
    command: ['npx', 'playwright', 'test', '-c', 'test/browser/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport },
    counts: playwrightCounts(browserReport),
  },
];

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg >= 0 ? new Set((process.argv[onlyArg + 1] ?? '').split(',')) : undefined;

const results: { name: string; ok: boolean; seconds: number; counts?: Counts | undefined }[] = [];
for (const step of steps) {
  if (only && !only.has(step.name)) continue;
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command[0] as string, step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const ok = run.status === 0;
  results.push({ name: step.name, ok, seconds: (Date.now() - started) / 1000, counts: step.counts?.() });
}

console.log('\n=== summary');
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const r of results) {
  const c = r.counts;
  if (c) {
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
  }
  const detail = c ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` : '';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(12)} ${r.seconds.toFixed(1).padStart(6)} s  ${detail}`);
}
const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
// A step that failed without a failing test case (typecheck, lint, build, a crashed runner) counts as one failure.
for (const r of results) if (!r.ok && (r.counts?.failed ?? 0) === 0) total.failed += 1;
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
