/**
 * `npm run bench:lambdas`: each function bundled exactly as the CDK bundles it (`bundleFunction` from
 * infra/lib/bundling.ts, the build infra/bundle-function.ts runs for each asset), then
 *   - its minified size against its floor: what the SDK clients (and the Stripe library) it uses weigh alone.
 *     The floor is measured, not written down: the packages the function's own code imports (lambdas/, shared/)
 *     that put bytes into its bundle each have a minimal use in test/bench/sdk-floor/<package>.ts; those parts
 *     together are built the same way into the smallest function using the same clients. Budget: at most 128 KB
 *     over that floor (our code, validation, logging, middleware);
 *   - its cold import time: the median of 5 fresh `node` processes each importing the bundle once, timed inside the
 *     process (so Node's own start-up is excluded), with the environment a prod function gets (dummy values, no
 *     source-map support: see StageConfig.sourceMapStackTraces); against 100 ms.
 * Like every benchmark here it prints figures and exits 0; `--strict` exits 1 when a function is over a budget.
 * `--json` prints the rows as JSON instead of the table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { functionEnvironment, functions, resourceName, type FunctionName } from '@shared/deployment/manifest';
import { settings, type SettingName } from '@shared/deployment/settings';
import { bundleFunction, esbuildOptions } from '../../infra/lib/bundling';
import { clientPackagesOf } from '../../infra/lib/bundle-contents';

const KB = 1024;
const budgets = { overFloorBytes: 128 * KB, importMs: 100 };
const runs = 5;
const floorPartsDir = fileURLToPath(new URL('./sdk-floor/', import.meta.url));

interface Row {
  fn: FunctionName;
  kb: number;
  /** The packages the floor is made of, e.g. ['client-s3', 'lib-dynamodb']. */
  floorParts: string[];
  floorKb: number;
  overFloorKb: number;
  budgetKb: number;
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

/** The floor part of a package: test/bench/sdk-floor/<name without the @aws-sdk/ scope>.ts. */
const floorPartOf = (pkg: string) => pkg.replace(/^@aws-sdk\//, '');

/**
 * The floor parts of a function: the AWS SDK packages (and Stripe's library) its own code imports and that put
 * bytes into its bundle (an import that tree-shaking removed entirely costs nothing, so it adds no floor).
 */
function floorPartsOf(fn: FunctionName, metafile: Metafile): string[] {
  const used = clientPackagesOf(metafile);
  for (const pkg of used) {
    if (!existsSync(join(floorPartsDir, `${floorPartOf(pkg)}.ts`))) {
      throw new Error(`${fn} uses ${pkg}, which has no floor part: add test/bench/sdk-floor/${floorPartOf(pkg)}.ts (a minimal use of it)`);
    }
  }
  return used.map(floorPartOf).sort();
}

/** The size of the smallest function using exactly these parts, built like every function (cached per set). */
const floorBytesCache = new Map<string, number>();
async function floorBytes(parts: string[], dir: string): Promise<number> {
  const key = parts.join('+') || 'none';
  const cached = floorBytesCache.get(key);
  if (cached !== undefined) return cached;
  let bytes = 0;
  if (parts.length > 0) {
    const entry = join(dir, `floor-${key}.ts`);
    writeFileSync(
      entry,
      `${parts.map((p, i) => `import { use as part${i} } from ${JSON.stringify(join(floorPartsDir, `${p}.ts`))};`).join('\n')}
export const handler = async (event: { id: string }) => Promise.all([${parts.map((_, i) => `part${i}(event.id)`).join(', ')}]);
`,
    );
    const outfile = join(dir, `floor-${key}`, 'index.mjs');
    await build({ ...esbuildOptions(entry, outfile), logLevel: 'error' });
    bytes = statSync(outfile).size;
  }
  floorBytesCache.set(key, bytes);
  return bytes;
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const out = mkdtempSync(join(tmpdir(), 'bench-lambdas-'));
  const rows: Row[] = [];
  try {
    for (const fn of Object.keys(functions) as FunctionName[]) {
      const { outfile, metafile } = await bundleFunction(functions[fn].entry, join(out, fn), { metafile: true, logLevel: 'error' });
      const floorParts = floorPartsOf(fn, metafile as Metafile);
      const floor = await floorBytes(floorParts, out);
      const bytes = statSync(outfile).size;
      const env = lambdaEnvironment(fn);
      const samples = Array.from({ length: runs }, () => coldImportMs(outfile, env));
      const importMs = median(samples);
      rows.push({
        fn,
        kb: bytes / KB,
        floorParts,
        floorKb: floor / KB,
        overFloorKb: (bytes - floor) / KB,
        budgetKb: budgets.overFloorBytes / KB,
        importMs,
        samples,
        ok: bytes - floor <= budgets.overFloorBytes && importMs <= budgets.importMs,
      });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }

  if (json) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const header = ['function', 'bundle KB', 'floor KB', 'over floor KB', 'budget KB', 'import ms (median of 5)', 'budget ms', '', 'floor: clients used'];
    const lines = rows.map((r) => [
      r.fn,
      r.kb.toFixed(1),
      r.floorKb.toFixed(1),
      r.overFloorKb.toFixed(1),
      `<= ${r.budgetKb}`,
      r.importMs.toFixed(1),
      `<= ${budgets.importMs}`,
      r.ok ? 'ok' : 'OVER',
      r.floorParts.join(' + ') || '(none)',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
    const left = (i: number) => i === 0 || i === header.length - 1;
    const fmt = (cells: string[]) => `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
    console.log(fmt(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const l of lines) console.log(fmt(l));
    const over = rows.filter((r) => !r.ok);
    console.log(
      over.length === 0
        ? `\nAll ${rows.length} functions within budget (<= ${budgets.overFloorBytes / KB} KB over the floor of the clients they use; import <= ${budgets.importMs} ms).`
        : `\n${over.length} of ${rows.length} functions over budget: ${over.map((r) => r.fn).join(', ')}.`,
    );
    console.log('Floor: the smallest function using the same clients (test/bench/sdk-floor/, one minimal use per package), built the same way.');
  }
  if (process.argv.includes('--strict') && !rows.every((r) => r.ok)) process.exitCode = 1;
}

await main();
