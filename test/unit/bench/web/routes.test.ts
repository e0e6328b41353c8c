/** bench:web measures every page of the site's page list and holds each to its JavaScript budget (test/bench/web/routes.ts). */
import { describe, expect, it } from 'vitest';
import { pages } from '@shared/content/site';
import { jsBudgetKb, jsBudgetOf, siteRoutes } from '../../../bench/web/routes';

describe('bench:web routes', () => {
  it('measures every page of the site, and knows which are prerendered', () => {
    expect(siteRoutes.map((r) => r.path)).toEqual(Object.values(pages).map((p) => p.path));
    expect(siteRoutes.filter((r) => r.prerendered).map((r) => r.path)).toEqual(
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
