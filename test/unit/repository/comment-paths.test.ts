/**
 * Comments and the project's documents name files and folders of this repository (`shared/deployment/manifest.ts`,
 * or from the commenting file's folder, `./comment-paths.test.ts`); a file that was moved or deleted leaves those names pointing nowhere, and the next reader
 * looks for what is not there. Every such name must exist: repository paths (from the root) anywhere in a
 * comment or a Markdown document, and paths starting with `./` or `../` from the commenting file's folder.
 *
 * Not checked: names with placeholders (`lambdas/handlers/<route>.ts`, `features/*`), URLs, and paths of files
 * that builds and runs write (`web/dist`, `.local/`, `cdk.out`, `test-results`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(join(root, f)));

const codeFile = /\.(ts|tsx|mts|mjs|js|css)$/;
const topFolders = new Set(tracked.map((f) => f.split('/')[0] as string).filter((f) => !f.includes('.') || f.startsWith('.')));
/** What builds, runs and installs write: named in comments on purpose, absent from a clean clone. */
const generated = [/^web\/dist(-ssr)?(\/|$)/, /^\.local(\/|$)/, /^cdk\.out(\/|$)/, /^test-results(\/|$)/, /(^|\/)node_modules(\/|$)/, /^bench\/lighthouse\/(node_modules|reports)/];

/** The comments of a source file (line and block comments), with the line each starts on. */
export function commentsOf(source: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const pattern = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g;
  for (const match of source.matchAll(pattern)) {
    const text = match[0];
    if (!text.startsWith('/')) continue;
    // `//` inside a regular expression literal or a URL in code is not a comment; a URL in a comment is skipped below.
    out.push({ line: source.slice(0, match.index).split('\n').length, text });
  }
  return out;
}

/**
 * Path-like names in a piece of prose: `a/b.ts`, `a/b/`, `./x.ts`, `../y/`. A name in quotes is code shown as an
 * example (`import '../../styles/x.css'` written from the importing file's place), not a name of this file's.
 */
export function pathsIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/(?<![\w@:/.<>*'"-])(\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)+\/?/g)) {
    const name = match[0];
    const after = text[(match.index ?? 0) + name.length] ?? '';
    if (after !== '' && '<*{$\'"'.includes(after)) continue; // a placeholder follows, or a quoted example ends
    names.push(name.replace(/[.,:;]+$/, ''));
  }
  return names;
}

/** The repository path a name in `file` stands for, or undefined when it is not a repository path. */
function resolveName(file: string, name: string): string | undefined {
  if (name.startsWith('./') || name.startsWith('../')) return normalize(join(dirname(file), name)).replace(/\/$/, '');
  const first = name.split('/')[0] as string;
  if (!topFolders.has(first)) return undefined;
  return name.replace(/\/$/, '');
}

/** A file or folder; a module specifier without its extension (`./dynamo`) names the module file. */
function exists(path: string): boolean {
  return ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'].some((ext) => existsSync(join(root, `${path}${ext}`)));
}

function missingIn(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  const pieces = file.endsWith('.md') ? [{ line: 1, text: source }] : commentsOf(source);
  const missing: string[] = [];
  for (const { line, text } of pieces) {
    const lines = text.split('\n');
    lines.forEach((lineText, i) => {
      if (/https?:\/\//.test(lineText)) lineText = lineText.replace(/https?:\/\/\S+/g, '');
      for (const name of pathsIn(lineText)) {
        const path = resolveName(file, name);
        if (path === undefined || path.startsWith('..') || generated.some((g) => g.test(path))) continue;
        if (!exists(path)) missing.push(`${file}:${line + (file.endsWith('.md') ? i : i)}: ${name}`);
      }
    });
  }
  return missing;
}

describe('repository paths named in comments and documents', () => {
  it('recognises comments, repository paths and relative paths', () => {
    expect(commentsOf("const a = 'x // y'; // see ./b.ts\n/* c/d.ts */").map((c) => c.text)).toEqual(['// see ./b.ts', '/* c/d.ts */']);
    expect(pathsIn("see shared/deployment/manifest.ts, ./handlers.ts, lambdas/handlers/<route>.ts and import './x.js'")).toEqual([
      'shared/deployment/manifest.ts',
      './handlers.ts',
    ]);
    expect(pathsIn('the last name of a line: shared/settings.ts')).toEqual(['shared/settings.ts']);
    expect(resolveName('infra/local/stack.ts', './handlers.ts')).toBe('infra/local/handlers.ts');
    expect(resolveName('infra/local/stack.ts', 'a/b')).toBeUndefined();
    expect(exists('lambdas/lib/dynamo')).toBe(true);
  });

  it('finds a comment naming a file that does not exist', () => {
    const source = '/** The list lives in shared/settings.ts. */\nexport const x = 1;';
    const names = commentsOf(source).flatMap((c) => pathsIn(c.text)).map((n) => resolveName('lambdas/lib/x.ts', n));
    expect(names.filter((p) => p !== undefined && !exists(p))).toEqual(['shared/settings.ts']);
  });

  it('every repository path a comment or document names exists', () => {
    const self = relative(root, new URL(import.meta.url).pathname);
    const files = tracked.filter((f) => (codeFile.test(f) || f.endsWith('.md')) && f !== self && !f.startsWith('bench/lighthouse/'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(missingIn)).toEqual([]);
  });
});
