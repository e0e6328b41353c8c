/**
 * The README's "Project layout" table matches the tree: every path in its first column exists, and every folder a
 * newcomer would look for (the top-level folders, and those of lambdas/, shared/, infra/, test/, web/ and web/src/)
 * is named by a row, itself or through what it holds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The paths in the first column of the layout table. */
function listedPaths(): string[] {
  const section = readme.slice(readme.indexOf('## Project layout'), readme.indexOf('\n## ', readme.indexOf('## Project layout') + 1));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string));
}

/** Folders of the tree (as git knows it) at depth 1 under `parent` ('' = the root). */
function foldersUnder(parent: string): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', parent || '.'], { cwd: root, encoding: 'utf8' }).split('\n');
  const depth = parent ? parent.split('/').length : 0;
  const folders = files.map((f) => f.split('/')).filter((parts) => parts.length > depth + 1).map((parts) => `${parts.slice(0, depth + 1).join('/')}/`);
  return [...new Set(folders)].filter((f) => existsSync(join(root, f)));
}

describe("the README's layout table", () => {
  const listed = listedPaths();

  it('names only what exists', () => {
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('names every folder a newcomer looks for', () => {
    const wanted = ['', 'lambdas', 'shared', 'infra', 'test', 'web', 'web/src'].flatMap(foldersUnder);
    const covered = (folder: string) => listed.some((path) => path.startsWith(folder) || folder.startsWith(path.endsWith('/') ? path : `${path}/`));
    expect(wanted.filter((folder) => !covered(folder))).toEqual([]);
  });
});
