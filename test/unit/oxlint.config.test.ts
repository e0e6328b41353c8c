/**
 * The architectural lint rules of oxlint.config.mjs, run by oxlint itself on a small tree of its own: a feature
 * importing another (but not a shared module of the same name), a handler importing an adapter, the domain
 * importing lambdas/lib or shared/deployment, lambdas/lib importing more of the domain than its errors, production
 * code importing the local stack, an emulator's internals reached outside its patch file, an import circle are
 * refused; the allowed imports pass. The configuration reads the feature and Lambda folders from the tree it sits
 * in, so a feature added to that tree is isolated without any edit of the configuration.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const tree = mkdtempSync(join(tmpdir(), 'lint-rules-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(path: string, source: string): void {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), source);
}

/** Lints the tree with a copy of the configuration; answers its diagnostics. */
function lint(): { code: string; message: string; filename: string }[] {
  copyFileSync(join(root, 'oxlint.config.mjs'), join(tree, 'oxlint.config.mjs'));
  const run = spawnSync(join(root, 'node_modules/.bin/oxlint'), ['-c', 'oxlint.config.mjs', '--format', 'json', 'web', 'lambdas', 'shared', 'infra'], { cwd: tree, encoding: 'utf8' });
  return (JSON.parse(run.stdout) as { diagnostics: { code: string; message: string; filename: string }[] }).diagnostics;
}

/** The files with a refused import, and what each imported. */
function refusedImports(): Record<string, string[]> {
  const refused: Record<string, string[]> = {};
  for (const d of lint().filter((x) => x.code.endsWith('(no-restricted-imports)'))) {
    (refused[d.filename] ??= []).push(/'([^']+)'/.exec(d.message)?.[1] ?? d.message);
  }
  for (const list of Object.values(refused)) list.sort();
  return refused;
}

describe('the lint rules of the architecture', () => {
  it('keep features apart, handlers on composition, lib and domain, and the local stack out of production code', () => {
    write('web/src/features/alpha/api/a.ts', "import '../../beta/api/b';\nimport '../../../lib/api';\nexport const a = 1;\n");
    write('web/src/features/beta/api/b.ts', "import '@shared/deployment/manifest';\nimport '@shared/contract/alpha';\nimport '../../../features/alpha/api/a';\nexport const b = 1;\n");
    write('web/src/lib/api.ts', "import '../features/alpha/api/a';\nexport const api = 1;\n");
    write('lambdas/handlers/h.ts', "import '../composition/c';\nimport '../lib/l';\nimport '../domain/d';\nimport '../adapters/x';\nimport '../data/t';\nimport '@aws-sdk/client-s3';\nexport const h = 1;\n");
    write('lambdas/triggers/t.ts', "import '../data/t';\nexport const t = 1;\n");
    for (const folder of ['composition/c', 'lib/l', 'domain/d', 'adapters/x', 'data/t']) write(`lambdas/${folder}.ts`, 'export const x = 1;\n');
    write('lambdas/lib/local.ts', "import '../../infra/local/net';\nexport const l = 1;\n");
    write('lambdas/domain/errors.ts', 'export class DomainError extends Error {}\n');
    write('lambdas/domain/rules.ts', "import './errors';\nimport '../lib/l';\nimport '@shared/deployment/manifest';\nimport '../../shared/deployment/manifest';\nimport '@shared/contract/api';\nexport const r = 1;\n");
    write('lambdas/lib/errors-only.ts', "import '../domain/errors';\nimport '../domain/d';\nexport const e = 1;\n");
    write('shared/s.ts', "import '../lambdas/lib/l';\nexport const s = 1;\n");
    write('infra/local/emulators.ts', "import 'aws-ses-v2-local/dist/store.js';\nimport 'aws-ses-v2-local';\nexport const e = 1;\n");
    write('infra/local/patches/aws-ses-v2-local.ts', "import 'aws-ses-v2-local/dist/store.js';\nexport const p = 1;\n");

    expect(refusedImports()).toEqual({
      'web/src/features/alpha/api/a.ts': ['../../beta/api/b'],
      'web/src/features/beta/api/b.ts': ['../../../features/alpha/api/a', '@shared/deployment/manifest'],
      'web/src/lib/api.ts': ['../features/alpha/api/a'],
      'lambdas/handlers/h.ts': ['../adapters/x', '../data/t', '@aws-sdk/client-s3'],
      'lambdas/triggers/t.ts': ['../data/t'],
      'lambdas/lib/local.ts': ['../../infra/local/net'],
      'lambdas/domain/rules.ts': ['../../shared/deployment/manifest', '../lib/l', '@shared/deployment/manifest'],
      'lambdas/lib/errors-only.ts': ['../domain/d'],
      'shared/s.ts': ['../lambdas/lib/l'],
      'infra/local/emulators.ts': ['aws-ses-v2-local/dist/store.js'],
    });
  });

  it('refuses an import circle, a type-only import included', () => {
    write('shared/circle/forms.ts', "import type { Values } from './schemas/idea';\nexport const FIELD = 'website';\nexport const empty: Values = { title: '' };\n");
    write('shared/circle/schemas/idea.ts', "import { honeypot } from './honeypot';\nexport interface Values { title: string }\nexport const idea = honeypot;\n");
    write('shared/circle/schemas/honeypot.ts', "import { FIELD } from '../forms';\nexport const honeypot = FIELD;\n");
    write('shared/line/forms.ts', "export const FIELD = 'website';\n");
    write('shared/line/schemas/honeypot.ts', "import { FIELD } from '../forms';\nexport const honeypot = FIELD;\n");
    const inCircle = [...new Set(lint().filter((d) => d.code.endsWith('(no-cycle)')).map((d) => d.filename))].filter((f) => f.startsWith('shared/')).sort();
    expect(inCircle).toEqual(['shared/circle/forms.ts', 'shared/circle/schemas/honeypot.ts', 'shared/circle/schemas/idea.ts']);
  });

  it('isolates a feature added to the tree without an edit of the configuration', () => {
    write('web/src/features/gamma/pages/G.ts', "import '../../alpha/api/a';\nexport const g = 1;\n");
    expect(refusedImports()['web/src/features/gamma/pages/G.ts']).toEqual(['../../alpha/api/a']);
  });
});
