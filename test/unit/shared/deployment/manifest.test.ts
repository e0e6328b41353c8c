import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functions, deployedRoutes, schedules, tables, userPool, functionEnvironment, resourceName } from '@shared/deployment/manifest';
import { settings } from '@shared/deployment/settings';

const root = new URL('../../../../', import.meta.url);

describe('the backend definition', () => {
  it('names a handler file that exists and exports `handler` for every function', () => {
    for (const [name, fn] of Object.entries(functions)) {
      const file = new URL(fn.entry, root);
      expect(existsSync(file), `${name}: ${fn.entry}`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${name} exports handler`).toMatch(/export (const|async function|function) handler\b/);
    }
  });

  it('declares each method and path once, under /api/', () => {
    const keys = Object.values(deployedRoutes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of Object.values(deployedRoutes)) expect(r.path).toMatch(/^\/api\/[a-z0-9/-]+$/);
  });

  it('only refers to functions, tables and settings that exist', () => {
    for (const r of Object.values(deployedRoutes)) expect(functions).toHaveProperty(r.fn);
    for (const s of Object.values(schedules)) expect(functions).toHaveProperty(s.fn);
    for (const t of Object.values(userPool.triggers)) expect(functions).toHaveProperty(t);
    for (const fn of Object.values(functions)) {
      for (const t of Object.keys(fn.tables)) expect(tables).toHaveProperty(t);
      for (const s of fn.settings) expect(settings).toHaveProperty(s);
    }
  });

  it('gives secret settings only through a declared secret, never as a listed setting', () => {
    for (const [name, fn] of Object.entries(functions)) {
      expect(fn.settings.filter((s) => (settings[s] as { secret?: string }).secret), name).toEqual([]);
    }
  });

  it('keeps the spec password rule: minimum 6', () => {
    expect(userPool.passwordPolicy.minLength).toBe(6);
  });

  it('gives a function only the tables and settings it declares', () => {
    const env = functionEnvironment('dev', 'profile', { SITE_ORIGIN: 'https://x', MAIL_TO: 'a@b' }, {
      table: (t) => resourceName('dev', t),
      bucket: (b) => resourceName('dev', b),
    });
    expect(env).toEqual({ STAGE: 'dev', TABLE_PROFILES: 'agency-dev-profiles' });
  });
});
