/**
 * The Lambda build (infra/lib/bundling.ts): what it bundles for deployment holds no local-stack code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functions } from '@shared/deployment/manifest';
import { build } from 'esbuild';
import { esbuildOptions, repoRoot } from '../../../../infra/lib/bundling';

/**
 * What a deployed function carries is what its bundle reached from its entry: the local stack's stand-ins and
 * seams (infra/local, the emulator packages) and the tests must be none of it. Every function of the manifest is
 * bundled with the deployed build's options (one esbuild run for all, which only shares the parsing) and its
 * inputs are read from esbuild's metafile.
 */
describe('the deployed bundles', () => {
  const localStackCode = [/^infra\/local\//, /(^|\/)node_modules\/(dynalite|s3rver|cognito-local|aws-ses-v2-local)\//, /^test\//];

  it('contain no local-stack code', { timeout: 120_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'deployed-bundles-'));
    try {
      const entries = Object.fromEntries(Object.entries(functions).map(([name, def]) => [name, join(repoRoot, def.entry)]));
      const { outfile: _one, entryPoints: _first, ...deployed } = esbuildOptions(join(repoRoot, functions.uploads.entry), join(out, 'index.mjs'));
      const { metafile } = await build({ ...deployed, entryPoints: entries, outdir: out, outExtension: { '.js': '.mjs' }, metafile: true, logLevel: 'error' });
      const reached: Record<string, string[]> = {};
      for (const name of Object.keys(functions)) {
        const inputs = Object.keys(metafile.outputs[relative(process.cwd(), join(out, `${name}.mjs`))]?.inputs ?? {}).map((input) => relative(repoRoot, resolve(input)));
        expect(inputs, name).toContain(functions[name as keyof typeof functions].entry);
        reached[name] = inputs.filter((input) => localStackCode.some((pattern) => pattern.test(input)));
      }
      expect(reached).toEqual(Object.fromEntries(Object.keys(functions).map((name) => [name, []])));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
