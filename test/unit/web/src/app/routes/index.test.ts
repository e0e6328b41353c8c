/** The route table covers every page of shared/content/site.ts, and each screen's prerender module exists. */
import { existsSync } from 'node:fs';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pages } from '@shared/content/site';
import { layoutModules, routes, type RouteHandle } from '../../../../../../web/src/app/routes';

const webRoot = new URL('../../../../../../web/', import.meta.url);

function screenOf(path: string): RouteObject & { handle: RouteHandle } {
  const route = matchRoutes(routes, path)?.at(-1)?.route;
  if (!route) throw new Error(`${path} matches no route`);
  return route as RouteObject & { handle: RouteHandle };
}

describe('routes', () => {
  it.each(Object.values(pages).map((p) => [p.path, p]))('%s is a lazily loaded screen with its title', (path, page) => {
    const route = screenOf(path);
    expect(route.path).toBe(page.path);
    expect(route.handle.meta).toEqual({ title: page.title, path: page.path, noindex: !page.indexable });
    expect(typeof route.lazy).toBe('function');
    // The prerender script puts this module's CSS and preloads into the page.
    expect(existsSync(new URL(route.handle.module, webRoot)), route.handle.module).toBe(true);
  });

  it('answers any other path with the not-found screen', () => {
    const route = screenOf('/no/such/page');
    expect(route.path).toBe('*');
    expect(route.handle.meta.title).toMatch(/not found/i);
  });

  it('lists lazily rendered layout modules that exist', () => {
    for (const module of layoutModules) expect(existsSync(new URL(module, webRoot)), module).toBe(true);
  });
});
