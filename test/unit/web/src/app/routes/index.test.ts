/** The route table covers every page of shared/content/site.ts, and each route's prerender modules exist. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pages } from '@shared/content/site';
import { layoutModules, routeOf } from '../../../../../../web/src/app/routes';

const webRoot = new URL('../../../../../../web/', import.meta.url);

describe('routes', () => {
  it.each(Object.values(pages).map((p) => [p.path, p]))('%s is a lazily loaded screen with its title', (path, page) => {
    const route = routeOf(path);
    expect(route.path).toBe(page.path);
    expect(route.handle.meta).toEqual({ title: page.title, path: page.path, noindex: !page.indexable });
    // The prerender script puts this module's CSS and preloads into the page; main.tsx preloads the screen.
    expect(route.handle.modules).toHaveLength(1);
    for (const module of route.handle.modules ?? []) expect(existsSync(new URL(module, webRoot)), module).toBe(true);
    expect(typeof route.Component.preload).toBe('function');
  });

  it('answers any other path with the not-found screen', () => {
    const route = routeOf('/no/such/page');
    expect(route.path).toBe('*');
    expect(route.handle.meta.title).toMatch(/not found/i);
  });

  it('lists lazily rendered layout modules that exist', () => {
    for (const module of layoutModules) expect(existsSync(new URL(module, webRoot)), module).toBe(true);
  });
});
