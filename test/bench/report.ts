/**
 * The benchmarks' figures live in docs/benchmarks.md, written by the benchmarks themselves, never by hand: each
 * bench ends its run with `writeBenchSection('<name>', lines)`, which replaces that bench's section (or adds it) and
 * leaves the other benches' sections as they are. A section says when, where and with which command its figures
 * were measured, then holds the lines the bench printed as its result. A bench that prints its result as it goes
 * records it with `recordPrinted()`:
 *
 *   const printed = recordPrinted();   // from here on, what console.log prints is also kept
 *   ...print the results...
 *   writeBenchSection('load', printed());
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchmarksFile = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/** A test that runs a bench sets this to a file of its own, so that its small run does not replace the figures. */
export const figuresFileVariable = 'BENCH_FIGURES_FILE';

const preamble = `# Benchmark figures

Written by the benchmarks (\`npm run bench:<name>\`, test/bench/): each run replaces its own section. Do not edit by
hand; run the bench. What each bench measures and its budgets are described at the top of its file in test/bench/.
`;

const markers = (bench: string) => [`<!-- bench:${bench} start -->`, `<!-- bench:${bench} end -->`] as const;

/** Where and how the figures were measured: the date, the machine and the exact command. */
function provenance(bench: string, args: readonly string[]): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const command = ['npm run', `bench:${bench}`, ...(args.length ? ['--', ...args] : [])].join(' ');
  return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`${command}\`, ${availableParallelism()} cores (${cpu}), Node ${process.version}.`;
}

/** Replaces (or adds) the section of `bench` in `file` with `lines`, a bench's printed result. */
export function writeBenchSection(bench: string, lines: readonly string[], options: { file?: string; args?: readonly string[] } = {}): void {
  const file = options.file ?? process.env[figuresFileVariable] ?? benchmarksFile;
  const [start, end] = markers(bench);
  const section = [start, `## bench:${bench}`, '', provenance(bench, options.args ?? process.argv.slice(2)), '', '```text', ...lines, '```', end].join('\n');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : preamble;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next = from >= 0 && to > from ? current.slice(0, from) + section + current.slice(to + end.length) : `${current.trimEnd()}\n\n${section}\n`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, next);
  console.log(`\nfigures written to ${file} (section bench:${bench})`);
}

/** Keeps what console.log prints from now on; the function returned answers the lines so far. */
export function recordPrinted(): () => string[] {
  const lines: string[] = [];
  const print = console.log.bind(console);
  console.log = (...values: unknown[]) => {
    print(...values);
    lines.push(...values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' ').split('\n'));
  };
  return () => [...lines];
}
