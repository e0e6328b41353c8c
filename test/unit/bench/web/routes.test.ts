/**
 * bench:web's per-route byte budgets (test/bench/web/routes.ts): every route of the site's page list has one, and
 * a route added without one (or a budget left for a route that is gone) is a failure of the bench.
 */
import { describe, expect, it } from 'vitest';
import { pages } from '@shared/content/site';
import { budgetGaps, byteBudgets, siteRoutes } from '../../../bench/web/routes';

describe('byte budgets per route', () => {
  it('measures every page of the site, and knows which are prerendered', () => {
    expect(siteRoutes.map((r) => r.path)).toEqual(Object.values(pages).map((p) => p.path));
    expect(siteRoutes.filter((r) => r.prerendered).map((r) => r.path)).toEqual(
      Object.values(pages)
        .filter((p) => p.prerender)
        .map((p) => p.path),
    );
  });

  it('has a budget for every route of the site today, and none for a route it does not have', () => {
    expect(budgetGaps()).toEqual({ unbudgeted: [], stale: [] });
  });

  it('names a route added without a budget, so the bench fails on it', () => {
    const withNewPage = [...siteRoutes, { path: '/careers', prerendered: true }];
    expect(budgetGaps(withNewPage, byteBudgets).unbudgeted).toEqual(['/careers']);
  });

  it('names a budget whose route is gone', () => {
    const withoutCancel = siteRoutes.filter((r) => r.path !== '/cancel');
    expect(budgetGaps(withoutCancel, byteBudgets).stale).toEqual(['/cancel']);
  });
});
