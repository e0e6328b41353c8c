/**
 * `npm run bench:load` judges speed as ratios within one run (test/bench/load/budgets.ts), so it passes on a slow
 * machine whose answers do not wait on delivery. This proves the other half: the ratio budget CAN fail. With the
 * test-only fault `--answer-waits-on-delivery` the local stack answers each post only once its delivery has run,
 * as a hand-off that waited on the webhook would; the slow webhook of the slow-webhook phase then shows in the
 * ideas' answers, and the bench exits 1 on that ratio, while nothing is lost, duplicated or answered 5xx.
 *
 * A small run (its own local stack, 60 posts a phase, a webhook 1 s slow then down for 2 s), about a minute.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { figuresFileVariable } from '../../bench/report';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Where this small run writes its figures: not docs/benchmarks.md, whose figures are the full runs'. */
const figuresFile = join(mkdtempSync(join(tmpdir(), 'bench-load-test-')), 'benchmarks.md');

function runBench(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // Only what a shell gives: not the environment the shared test stack put into this worker.
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/load.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', [figuresFileVariable]: figuresFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const budgetLine = (output: string, what: RegExp) => output.split('\n').find((line) => what.test(line)) ?? '';

it('bench:load exits 1 on the p99 ratio when the visitor\'s answer waits on delivery', { timeout: 300_000 }, async () => {
  const { code, output } = await runBench([
    '--answer-waits-on-delivery',
    '--submissions', '60',
    '--concurrency', '10',
    '--warm-up', '3',
    '--slow-ms', '1000',
    '--outage-seconds', '2',
    '--retry-every-seconds', '1',
  ]);
  expect(code, output).toBe(1);
  expect(budgetLine(output, /p99 of POST \/api\/ideas: slow-webhook over normal/), output).toMatch(/MISSED$/);
  // The answer waited, and nothing else went wrong: the exit code is the ratio's.
  for (const what of [/normal: answered 201/, /slow-webhook: answered 201/, /5xx answers/, /lost \(/, /duplicated \(/]) {
    for (const line of output.split('\n').filter((l) => what.test(l))) expect(line, output).toMatch(/met$/);
  }
  // Its figures went where it was told, with the budget it missed.
  expect(readFileSync(figuresFile, 'utf8')).toMatch(/## bench:load[\s\S]*p99 of POST \/api\/ideas: slow-webhook over normal.*MISSED/);
});
