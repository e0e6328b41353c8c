import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settings } from '@shared/deployment/settings';

const root = new URL('../../../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

describe('configuration documentation', () => {
  const names = Object.keys(settings);

  it('lists every setting in .env.example with its local default', () => {
    const example = read('.env.example');
    for (const [name, def] of Object.entries(settings)) {
      expect(example, name).toContain(`${name}=${def.localDefault}`);
    }
  });

  it('documents every setting in the README table', () => {
    const readme = read('README.md');
    for (const name of names) expect(readme, name).toContain(`| \`${name}\` |`);
  });

  it('documents nothing that is not a setting', () => {
    const example = read('.env.example');
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(documented.filter((n) => n !== 'PORT' && !names.includes(n as string))).toEqual([]);
  });
});
