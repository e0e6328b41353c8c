/**
 * Rooms with one purpose: no production source file under web/src, lambdas, infra or shared is over 300 lines.
 * A file that grows past it holds more than one thing; split it by what each part does, not at line 300.
 *
 * Data files are the exception, each named below with what it holds: their length is the product's content, and
 * splitting it would only scatter one list.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;
const MAX_LINES = 300;

/** Data, not logic: the file and what it holds. */
const dataFiles: Record<string, string> = {
  'shared/content/catalogue.ts': "the marketplace's apps and the first app's nine field options, each with its nine business types (spec §3)",
};

const sourceFile = /\.(ts|tsx|mts|mjs|js|css)$/;

function productionSources(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'web/src', 'lambdas', 'infra', 'shared'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => sourceFile.test(f) && existsSync(join(root, f)));
}

const lineCount = (file: string) => readFileSync(join(root, file), 'utf8').replace(/\n$/, '').split('\n').length;

describe('production source files', () => {
  const files = productionSources();

  it(`are at most ${MAX_LINES} lines each, data files aside`, () => {
    expect(files.length).toBeGreaterThan(300);
    const over = files.filter((f) => !(f in dataFiles) && lineCount(f) > MAX_LINES).map((f) => `${f}: ${lineCount(f)} lines`);
    expect(over).toEqual([]);
  });

  it('name as data files only files that exist', () => {
    expect(Object.keys(dataFiles).filter((f) => !files.includes(f))).toEqual([]);
  });
});
