/** The route table covers every page of shared/site.ts, and each route's prerender modules exist. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { pages } from '../../../shared/site';
import { layoutModules, routes, type RouteHandle } from '../../../web/src/app/routes';

const webRoot = new URL('../../../web/', import.meta.url);

function leaf(path: string): RouteObject | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route;
}

describe('routes', () => {
  it.each(Object.values(pages).map((p) => [p.path, p]))('%s is a screen with its title and description', (path, page) => {
    const handle = leaf(path)?.handle as RouteHandle | undefined;
    expect(handle?.meta).toEqual({ title: page.title, description: page.description, path: page.path, noindex: !page.indexable });
    for (const module of handle?.modules ?? []) expect(existsSync(new URL(module, webRoot)), module).toBe(true);
  });

  it('answers any other path with the not-found screen', () => {
    expect(leaf('/no/such/page')?.path).toBe('*');
    const handle = leaf('/no/such/page')?.handle as RouteHandle | undefined;
    expect(handle?.meta.title).toMatch(/not found/i);
  });

  it('lists lazily rendered layout modules that exist', () => {
    for (const module of layoutModules) expect(existsSync(new URL(module, webRoot)), module).toBe(true);
  });
});
