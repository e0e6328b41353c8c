/**
 * docs/architecture.md follows a demo request and a purchase through the files they cross: each walk's table
 * numbers its files in order, names only files that exist (test/unit/repository/comment-paths.test.ts checks every
 * path), and its heading says how many there are.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;
const note = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

function walk(title: string): { count: number; files: string[] } {
  const start = note.indexOf(`### ${title}`);
  expect(start, `the note has a walk "${title}"`).toBeGreaterThanOrEqual(0);
  const end = note.indexOf('\n#', start + 1);
  const section = note.slice(start, end < 0 ? undefined : end);
  const count = Number(/\((\d+) files\)/.exec(section.split('\n')[0] ?? '')?.[1]);
  const rows = section.split('\n').filter((line) => /^\| \d+ \|/.test(line));
  rows.forEach((row, i) => expect(row.startsWith(`| ${i + 1} |`), row).toBe(true));
  return { count, files: rows.map((row) => /`([^`]+)`/.exec(row)?.[1] ?? '') };
}

describe('the walks of the architecture note', () => {
  it.each(['A demo request, from the form to the mail', 'A purchase, from Buy Now to the prompt'])('%s: numbered rows of existing files, as many as its heading says', (title) => {
    const { count, files } = walk(title);
    expect(files).toHaveLength(count);
    expect(new Set(files).size).toBe(files.length);
    expect(files.filter((file) => !existsSync(join(root, file)))).toEqual([]);
  });
});
