/**
 * The route table (spec 000_87e5fbf87b6c3f39.txt §2). Paths, titles and descriptions come from shared/content/site.ts; every screen is
 * loaded lazily so the Home page ships only the shell and its own content.
 *
 * Why react-router's declarative router (`<BrowserRouter>` + `useRoutes`) and not its data router
 * (`createBrowserRouter`): the data router alone measured 94.5 KB gzip with React against the Home page's
 * 90 KB budget (issue 3), the declarative one 78.7 KB. What the data router gave for free is done here and
 * in the app layer instead: lazy screens (`lazyScreen`), page meta (`handle`), error pages
 * (RouteErrorBoundary.tsx) and scroll restoration (scroll.ts).
 *
 * `handle.modules` names the source modules (relative to web/) of a route's lazily loaded screen: the
 * prerender script looks them up in Vite's manifest to put their CSS and module preloads into the page's HTML. Only
 * the prerender needs them: each is written `import.meta.env.SSR && '...'`, which the browser's build turns into
 * `false` (the prerender's build is the SSR one), so the 20 paths cost the entry nothing (they were 119 bytes gzip,
 * paid by every page).
 */
import { matchRoutes } from 'react-router-dom';
import { pages, type PageDef } from '@shared/content/site';
import { metaOf, notFoundMeta, type PageMeta } from '../head';
import { lazyScreen, type PageModule, type Screen } from './lazy-screen';

interface RouteHandle {
  readonly meta: PageMeta;
  readonly modules?: readonly string[];
}

interface ScreenRoute {
  readonly path: string;
  readonly Component: Screen;
  readonly handle: RouteHandle;
}

/** A screen's source module for the prerender; `false` in the browser's build. */
type SourceModule = string | false;

function screen(page: PageDef, module: SourceModule, load: () => Promise<PageModule>): ScreenRoute {
  return { path: page.path, Component: lazyScreen(load), handle: { meta: metaOf(page), modules: module ? [module] : undefined } };
}

/** Rendered inside every page by the layout, lazily; their CSS goes into every prerendered page. */
export const layoutModules = ['src/features/accounts/components/AccountNav.tsx'] as const;

/** Every screen, rendered between the header and the footer (app/Layout.tsx). */
export const screenRoutes: ScreenRoute[] = [
  screen(pages.home, import.meta.env.SSR && 'src/features/marketing/pages/HomePage.tsx', () => import('../../features/marketing/pages/HomePage')),
  screen(pages.services, import.meta.env.SSR && 'src/app/routes/services.tsx', () => import('./services')),
  screen(pages.about, import.meta.env.SSR && 'src/features/marketing/pages/AboutPage.tsx', () => import('../../features/marketing/pages/AboutPage')),
  screen(pages.contact, import.meta.env.SSR && 'src/app/routes/contact.tsx', () => import('./contact')),
  screen(pages.ideaHub, import.meta.env.SSR && 'src/features/idea-hub/pages/IdeaHubPage.tsx', () => import('../../features/idea-hub/pages/IdeaHubPage')),
  screen(pages.marketplace, import.meta.env.SSR && 'src/app/routes/marketplace.tsx', () => import('./marketplace')),
  screen(pages.auth, import.meta.env.SSR && 'src/features/accounts/pages/AuthPage.tsx', () => import('../../features/accounts/pages/AuthPage')),
  screen(pages.profile, import.meta.env.SSR && 'src/app/routes/profile.tsx', () => import('./profile')),
  screen(pages.updatePassword, import.meta.env.SSR && 'src/features/accounts/pages/UpdatePasswordPage.tsx', () => import('../../features/accounts/pages/UpdatePasswordPage')),
  screen(pages.success, import.meta.env.SSR && 'src/app/routes/payment-success.tsx', () => import('./payment-success')),
  screen(pages.paymentSuccess, import.meta.env.SSR && 'src/app/routes/payment-success.tsx', () => import('./payment-success')),
  screen(pages.cancel, import.meta.env.SSR && 'src/features/marketplace/pages/PaymentCancelPage.tsx', () => import('../../features/marketplace/pages/PaymentCancelPage')),
  screen(pages.paymentCanceled, import.meta.env.SSR && 'src/features/marketplace/pages/PaymentCancelPage.tsx', () => import('../../features/marketplace/pages/PaymentCancelPage')),
  screen(pages.quickCheckout, import.meta.env.SSR && 'src/features/marketplace/pages/QuickCheckoutPage.tsx', () => import('../../features/marketplace/pages/QuickCheckoutPage')),
  screen(pages.privacy, import.meta.env.SSR && 'src/features/marketing/pages/LegalPages.tsx', () => import('../../features/marketing/pages/LegalPages').then((m) => ({ default: m.PrivacyPage }))),
  screen(pages.terms, import.meta.env.SSR && 'src/features/marketing/pages/LegalPages.tsx', () => import('../../features/marketing/pages/LegalPages').then((m) => ({ default: m.TermsPage }))),
  // The staff console: one lazy module of its own, never loaded by the marketing pages.
  screen(pages.staff, import.meta.env.SSR && 'src/app/routes/staff.tsx', () => import('./staff').then((m) => ({ default: m.StaffInboxRoute }))),
  screen(pages.staffSubmission, import.meta.env.SSR && 'src/app/routes/staff.tsx', () => import('./staff').then((m) => ({ default: m.StaffSubmissionRoute }))),
  screen(pages.staffPeople, import.meta.env.SSR && 'src/app/routes/staff.tsx', () => import('./staff').then((m) => ({ default: m.StaffPeopleRoute }))),
  // Lazy like the others (404.html preloads it): no page but the not-found one carries it.
  { path: '*', Component: lazyScreen(() => import('../NotFoundPage').then((m) => ({ default: m.NotFoundPage }))), handle: { meta: notFoundMeta, modules: import.meta.env.SSR ? ['src/app/NotFoundPage.tsx'] : undefined } },
];

/** The route a path shows (the not-found route for any unknown path). */
export function routeOf(path: string | { pathname: string }): ScreenRoute {
  const route = matchRoutes(screenRoutes, path)?.at(-1)?.route;
  if (!route) throw new Error('the route table has no catch-all route');
  return route;
}
