/**
 * `npm run bench:lambdas`: each function bundled exactly as the CDK bundles it (`bundleFunction` from
 * infra/lib/bundling.ts, the build infra/bundle-function.ts runs for each asset), then
 *   - its minified size, against 300 KB (1 MB when the bundle contains the Stripe library);
 *   - its cold import time: the median of 5 fresh `node` processes each importing the bundle once, timed inside the
 *     process (so Node's own start-up is excluded), with the environment a prod function gets (dummy values, no
 *     source-map support: see StageConfig.sourceMapStackTraces); against 150 ms.
 * Like every benchmark here it prints figures and exits 0; `--strict` exits 1 when a function is over a budget.
 * `--json` prints the rows as JSON instead of the table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { functionEnvironment, functions, resourceName, type FunctionName } from '../../shared/backend';
import { settings, type SettingName } from '../../shared/settings';
import { bundleFunction } from '../../infra/lib/bundling';

const KB = 1024;
const budgets = { bytes: 300 * KB, stripeBytes: 1024 * KB, importMs: 150 };
const runs = 5;

interface Row {
  fn: FunctionName;
  kb: number;
  budgetKb: number;
  stripe: boolean;
  importMs: number;
  samples: number[];
  ok: boolean;
}

/** What a deployed function finds in its environment, with placeholder values. */
function lambdaEnvironment(fn: FunctionName): Record<string, string> {
  const values = Object.fromEntries(
    (Object.keys(settings) as SettingName[]).map((s) => [s, s.endsWith('_URL') || s === 'SITE_ORIGIN' ? 'https://example.invalid' : 'bench']),
  ) as Record<SettingName, string>;
  return {
    ...functionEnvironment('bench', fn, values, { table: (t) => resourceName('bench', t), bucket: (b) => resourceName('bench', b) }),
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_LAMBDA_FUNCTION_NAME: resourceName('bench', fn),
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(functions[fn].memoryMb),
    POWERTOOLS_SERVICE_NAME: fn,
    POWERTOOLS_LOG_LEVEL: 'INFO',
    LOG_LEVEL: 'INFO',
  };
}

function coldImportMs(file: string, env: Record<string, string>): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    cwd: tmpdir(),
  });
  if (run.status !== 0) throw new Error(`importing ${file} failed:\n${run.stderr}`);
  return Number(run.stdout);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * What the parts weigh before any of our code: minimal functions in test/bench/sdk-floor/, built the same way.
 * They show where the 300 KB budget stands against the bundled SDK (a function that checks an S3 upload and writes
 * DynamoDB is close to it with no validation, logging or logic of its own).
 */
async function printSdkFloors(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floors-'));
  try {
    console.log('\nReference, the same build of minimal functions (test/bench/sdk-floor/):');
    for (const name of ['dynamodb', 's3-dynamodb', 's3-dynamodb-sesv2', 'zod']) {
      const { outfile } = await bundleFunction(`test/bench/sdk-floor/${name}.ts`, join(dir, name), { logLevel: 'error' });
      console.log(`  ${name.padEnd(18)} ${(statSync(outfile).size / KB).toFixed(1).padStart(6)} KB`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const out = mkdtempSync(join(tmpdir(), 'bench-lambdas-'));
  const rows: Row[] = [];
  try {
    for (const fn of Object.keys(functions) as FunctionName[]) {
      const { outfile, metafile } = await bundleFunction(functions[fn].entry, join(out, fn), { metafile: true, logLevel: 'error' });
      const stripe = Object.keys(metafile?.inputs ?? {}).some((f) => f.includes('node_modules/stripe/'));
      const bytes = statSync(outfile).size;
      const env = lambdaEnvironment(fn);
      const samples = Array.from({ length: runs }, () => coldImportMs(outfile, env));
      const budgetBytes = stripe ? budgets.stripeBytes : budgets.bytes;
      const importMs = median(samples);
      rows.push({
        fn,
        kb: bytes / KB,
        budgetKb: budgetBytes / KB,
        stripe,
        importMs,
        samples,
        ok: bytes <= budgetBytes && importMs <= budgets.importMs,
      });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }

  if (json) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const header = ['function', 'bundle KB', 'budget KB', 'import ms (median of 5)', 'budget ms', ''];
    const lines = rows.map((r) => [
      r.fn,
      r.kb.toFixed(1),
      `${r.budgetKb}${r.stripe ? ' (Stripe)' : ''}`,
      r.importMs.toFixed(1),
      String(budgets.importMs),
      r.ok ? 'ok' : 'OVER',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
    const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
    console.log(fmt(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const l of lines) console.log(fmt(l));
    const over = rows.filter((r) => !r.ok);
    console.log(
      over.length === 0
        ? `\nAll ${rows.length} functions within budget (<= 300 KB, <= 1 MB with Stripe; import <= ${budgets.importMs} ms).`
        : `\n${over.length} of ${rows.length} functions over budget: ${over.map((r) => r.fn).join(', ')}.`,
    );
  }
  if (!json) await printSdkFloors();
  if (process.argv.includes('--strict') && !rows.every((r) => r.ok)) process.exitCode = 1;
}

await main();
