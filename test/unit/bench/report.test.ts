/** Benchmarks write their figures into docs/benchmarks.md, each its own section (test/bench/report.ts). */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { recordPrinted, writeBenchSection } from '../../bench/report';

describe('writeBenchSection', () => {
  it("creates the file, replaces a bench's own section on its next run and leaves the others alone", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-report-')), 'docs', 'benchmarks.md');
    writeBenchSection('web', ['Home 99.0 KB'], { file, args: [] });
    writeBenchSection('load', ['p99 40 ms'], { file, args: ['--phase', 'all'] });
    writeBenchSection('web', ['Home 98.0 KB'], { file, args: ['--runs', '1'] });
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^# Benchmark figures/);
    expect(text).toContain('Home 98.0 KB');
    expect(text).not.toContain('Home 99.0 KB');
    expect(text).toContain('p99 40 ms');
    expect(text).toContain('`npm run bench:web -- --runs 1`');
    expect(text).toContain('`npm run bench:load -- --phase all`');
    // The first bench keeps its place before the second.
    expect(text.indexOf('## bench:web')).toBeLessThan(text.indexOf('## bench:load'));
    expect(text.match(/## bench:web/g)).toHaveLength(1);
  });

  it('records what a bench prints from the moment it asks, line by line', () => {
    const original = console.log;
    console.log = vi.fn<(...values: unknown[]) => void>();
    try {
      console.log('before');
      const printed = recordPrinted();
      console.log('== results');
      console.log('a', 1, '\nb');
      expect(printed()).toEqual(['== results', 'a 1 ', 'b']);
    } finally {
      console.log = original;
    }
  });
});
