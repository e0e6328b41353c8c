/** bench:web measures every page of the site's page list and holds each to its JavaScript budget (test/bench/web/routes.ts). */
import { describe, expect, it } from 'vitest';
import { pages } from '@shared/content/site';
import { routes } from '../../../../web/src/app/routes';
import { jsBudgetKb, jsBudgetOf, notFoundRoute, purchaseRoutes, siteRoutes } from '../../../bench/web/routes';

describe('bench:web routes', () => {
  it('measures every route of the route table, the not-found page too, and runs Lighthouse on the prerendered pages', () => {
    expect(siteRoutes.map((r) => r.path)).toEqual([...Object.values(pages).map((p) => p.path), notFoundRoute.path, ...purchaseRoutes.map((r) => r.path)]);
    const screens = routes[0]?.children?.[0]?.children ?? [];
    expect(screens.map((r) => r.path ?? '').sort()).toEqual([...Object.values(pages).map((p) => p.path), '*'].sort());
    expect(siteRoutes.filter((r) => r.lighthouse).map((r) => r.path)).toEqual(
      Object.values(pages)
        .filter((p) => p.prerender)
        .map((p) => p.path),
    );
  });

  it("holds Home to its own JavaScript budget and every other route, a new one too, to the site's", () => {
    expect(jsBudgetOf('/')).toBe(jsBudgetKb.home);
    for (const path of [...siteRoutes.map((r) => r.path).filter((p) => p !== '/'), '/careers']) expect(jsBudgetOf(path)).toBe(jsBudgetKb.anyRoute);
  });
});
