/**
 * The routes `npm run bench:web` measures and its budgets, each with the reason a visitor would give for it. The
 * routes are read from the site's one page list (shared/content/site.ts: the router, the prerender, the sitemap and
 * the hosting all use it), so a route added there is measured and held to the budgets at once; the route table's
 * one other route, any other path, is the not-found page.
 */
import { pages } from '@shared/content/site';

export interface SiteRoute {
  readonly path: string;
  /** Lighthouse measures it: a prerendered page of the site (client-rendered screens have nothing to show without their code). */
  readonly lighthouse: boolean;
}

/**
 * Any other path: the not-found page (404.html, prerendered, answered with status 404). Measured for its bytes only:
 * Lighthouse's SEO audit rightly marks a page answered with 404.
 */
export const notFoundRoute: SiteRoute = { path: '/no-such-page', lighthouse: false };

/**
 * A buyer's visits, with the purchase's Checkout session in the address: the success screen's confirmation and the
 * customization form load only then. (The benchmark's server has no API: the calls fail, the code is loaded all the same.)
 */
export const purchaseRoutes: readonly SiteRoute[] = [
  { path: `${pages.success.path}?session_id=cs_bench`, lighthouse: false },
  { path: `${pages.promptStudio.path}?session=cs_bench`, lighthouse: false },
];

/**
 * Every route of the route table (web/src/app/routes/index.tsx): the page list's order, then the not-found page and
 * the buyer's visits.
 */
export const siteRoutes: readonly SiteRoute[] = [...Object.values(pages).map((p) => ({ path: p.path, lighthouse: p.prerender })), notFoundRoute, ...purchaseRoutes];

/** JavaScript loaded before the page is interactive (./bytes.ts), KB gzip. */
export const jsBudgetKb = {
  /** Home is where most visitors arrive, often on a phone over a mobile network: it answers after at most 100 KB. */
  home: 100,
  /** No screen makes a visitor wait for more than 125 KB of code before it answers. */
  anyRoute: 125,
} as const;

export const jsBudgetOf = (path: string): number => (path === '/' ? jsBudgetKb.home : jsBudgetKb.anyRoute);

/** Lighthouse on every prerendered route (medians of the runs). */
export const lighthouseBudget = {
  /** A mid-range phone on a slow 4G network (Lighthouse's mobile default) sees a fast page; 98 leaves room for a noisy machine. */
  mobilePerformance: 98,
  /** A desktop visitor sees a page that is fast by every metric Lighthouse knows. */
  desktopPerformance: 100,
  /** Nothing a visitor reads or is about to press moves while the page loads. */
  cls: 0,
  /** Every visitor can use every page, with any assistive technology (both form factors). */
  accessibility: 100,
  /** No console errors, no deprecated or unsafe APIs, a sound policy (both form factors). */
  bestPractices: 100,
  /** Search engines and link previews read every page right (both form factors). */
  seo: 100,
} as const;

/**
 * Every interaction, input to next paint (Event Timing), at Lighthouse's own mobile CPU throttle: the web's "good"
 * Interaction to Next Paint, so a visitor on a mid-range phone never waits visibly for a press or a keystroke.
 */
export const interactionBudget = { cpuSlowdown: 4, ms: 200 } as const;
