/**
 * The project validates with zod/mini through shared/contract/schemas/zod.ts. Two things an API client or operator would
 * notice if they slipped: the texts zod writes itself (no message of ours) turning into a bare "Invalid input"
 * (mini has no locale unless that module installs one), and one stray `import ... from 'zod'` putting classic zod
 * (~65 KB more minified) back into every Lambda and form chunk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from '@shared/contract/schemas/profile';
import { promptRequestSchema } from '@shared/contract/schemas/prompt';
import { uploadRequestSchema } from '@shared/contract/uploads';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);

describe('zod as the project uses it', () => {
  it("answers in zod's English where a schema gives no text of its own", () => {
    expect(messages(profileUpdateSchema.safeParse({ username: 'grace', id: 'someone-else' }))).toEqual(['Unrecognized key: "id"']);
    expect(messages(promptRequestSchema.safeParse({ appId: 5 }))).toEqual(['Invalid input: expected string, received number']);
    expect(messages(uploadRequestSchema.safeParse({ form: 'idea', files: [{ name: 'a.pdf', type: '', size: 1.5 }] }))).toEqual([
      'Invalid input: expected int, received number',
    ]);
  });

  it("keeps zod's compiled parsers on the server: jitless is set for browsers only (the site's CSP)", async () => {
    const z = await import('@shared/contract/schemas/zod');
    expect(z.config().jitless).not.toBe(true);
  });

  it('is imported only through shared/contract/schemas/zod.ts (never classic zod)', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== 'dist' && entry.name !== 'dist-ssr') walk(path);
        } else if (/\.(ts|tsx)$/.test(entry.name) && relative(root, path) !== join('shared', 'contract', 'schemas', 'zod.ts')) {
          if (/(from\s*|import\(\s*)['"]zod(\/[^'"]*)?['"]/.test(readFileSync(path, 'utf8'))) offenders.push(relative(root, path));
        }
      }
    };
    for (const dir of ['shared', 'lambdas', 'web/src', 'infra']) walk(join(root, dir));
    expect(offenders).toEqual([]);
  });
});
