/**
 * The routes `npm run bench:web` measures and their budgets. The routes are read from the site's one page list
 * (shared/content/site.ts: the router, the prerender, the sitemap and the hosting all use it), so a route added
 * there is measured at once, and fails the bench until it has a byte budget here.
 */
import { pages } from '@shared/content/site';

export interface SiteRoute {
  readonly path: string;
  /** Prerendered to its own HTML (Lighthouse measures these). */
  readonly prerendered: boolean;
}

/** Every route of the site, in the page list's order. */
export const siteRoutes: readonly SiteRoute[] = Object.values(pages).map((p) => ({ path: p.path, prerendered: p.prerender }));

export interface ByteBudget {
  /** JavaScript loaded before the page is interactive, KB gzip. */
  readonly jsKb: number;
  /** CSS applied before the page is interactive (inline or linked), KB gzip. */
  readonly cssKb: number;
}

/**
 * KB gzip (level 9) of the JavaScript and CSS each route loads before it is interactive: what the browser fetched
 * before the app's first idle callback ran (see ./bytes.ts); what the app defers to idle time (the session check,
 * the runtime configuration) is printed apart and not budgeted. Each budget is the route's measured size, rounded
 * up with a little room; raise one only with the reason in the commit.
 *
 * The account routes carry Amplify UI's components and its styles (the design card names it for them; it is kept
 * to these lazily loaded routes, see README "Account screens and Amplify UI"). /marketplace and /profile carry
 * TanStack Query (about 10 KB, web/src/app/QueryProvider.tsx), as do the payment success screens since they read the
 * buyer's account prompt (issue 21); /profile also lists the buyer's purchases, and /services' package button loads
 * the runtime configuration before the page is interactive. /auth, /profile, /update-password and the payment screens
 * are client-rendered: their HTML is the shell, so their JavaScript includes the router's entry, and their CSS is
 * linked (the prerendered pages carry theirs inline).
 *
 * Issue 20 (the staff console) asked that the marketing routes' budgets do not move: after it and the i23 fixes
 * they had grown by 0.5-2 KB, and they are back at or under what they were before it (Home under issue 3's 90 KB)
 * now that every page's first load lost the header's full account links for visitors without a stored session
 * (2.4 KB), the page descriptions (1 KB) and a few smaller pieces. The staff console's routes are measured for a
 * visitor who is not signed in: the staff gate sends them to sign in, and since those changes the sign-in screen's
 * code (Amplify UI, 42 KB) arrives before the page's first idle callback instead of just after it, so it counts.
 *
 * /contact and /idea-hub load their form's validation (zod and the schema, 11-13 KB gzip) only when the visitor starts on
 * the form (web/src/components/form/lazy-resolver.ts): their budgets came down from 121 and 117 KB with it. The
 * payment success screens, which read the runtime configuration, load its schema when they read it: 121 -> 112 KB.
 */
export const byteBudgets: Readonly<Record<string, ByteBudget>> = {
  '/': { jsKb: 90, cssKb: 5 },
  '/services': { jsKb: 100, cssKb: 5 },
  '/idea-hub': { jsKb: 106, cssKb: 7 },
  '/marketplace': { jsKb: 123, cssKb: 7 },
  '/about': { jsKb: 90, cssKb: 5 },
  '/contact': { jsKb: 108, cssKb: 7 },
  '/auth': { jsKb: 175, cssKb: 23 },
  '/profile': { jsKb: 205, cssKb: 25 },
  '/update-password': { jsKb: 171, cssKb: 23 },
  '/success': { jsKb: 112, cssKb: 7 },
  '/payment-success': { jsKb: 112, cssKb: 7 },
  '/cancel': { jsKb: 87, cssKb: 7 },
  '/payment-canceled': { jsKb: 87, cssKb: 7 },
  '/quick-checkout': { jsKb: 100, cssKb: 7 },
  '/privacy': { jsKb: 92, cssKb: 5 },
  '/terms': { jsKb: 92, cssKb: 5 },
  '/staff': { jsKb: 198, cssKb: 25 },
  '/staff/submission': { jsKb: 198, cssKb: 25 },
  '/staff/people': { jsKb: 198, cssKb: 25 },
};

/** Routes without a budget, and budgets for routes the site no longer has: each is a failure of the bench. */
export function budgetGaps(routes: readonly SiteRoute[] = siteRoutes, budgets: Readonly<Record<string, ByteBudget>> = byteBudgets) {
  const paths = new Set(routes.map((r) => r.path));
  return {
    unbudgeted: routes.filter((r) => !(r.path in budgets)).map((r) => r.path),
    stale: Object.keys(budgets).filter((path) => !paths.has(path)),
  };
}

/** Lighthouse budgets for every prerendered route (medians of the runs). */
export const lighthouseBudget = {
  mobile: { performance: 100, lcpMs: 1200, fcpMs: 1000 },
  desktop: { performance: 100 },
  /** Both form factors. */
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
} as const;

/** Every interaction, input to next paint (Event Timing), on a CPU slowed down this much. */
export const interactionBudget = { cpuSlowdown: 6, ms: 100 } as const;
