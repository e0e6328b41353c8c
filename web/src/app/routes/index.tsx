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
 * prerender script looks them up in Vite's manifest to put their CSS and module preloads into the page's HTML.
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

function screen(page: PageDef, module: string, load: () => Promise<PageModule>): ScreenRoute {
  return { path: page.path, Component: lazyScreen(load), handle: { meta: metaOf(page), modules: [module] } };
}

/** Rendered inside every page by the layout, lazily; their CSS goes into every prerendered page. */
export const layoutModules = ['src/features/accounts/components/AccountNav.tsx'] as const;

/** Every screen, rendered between the header and the footer (app/Layout.tsx). */
export const screenRoutes: ScreenRoute[] = [
  screen(pages.home, 'src/features/marketing/pages/HomePage.tsx', () => import('../../features/marketing/pages/HomePage')),
  screen(pages.services, 'src/app/routes/services.tsx', () => import('./services')),
  screen(pages.about, 'src/features/marketing/pages/AboutPage.tsx', () => import('../../features/marketing/pages/AboutPage')),
  screen(pages.contact, 'src/app/routes/contact.tsx', () => import('./contact')),
  screen(pages.ideaHub, 'src/features/idea-hub/pages/IdeaHubPage.tsx', () => import('../../features/idea-hub/pages/IdeaHubPage')),
  screen(pages.marketplace, 'src/app/routes/marketplace.tsx', () => import('./marketplace')),
  screen(pages.auth, 'src/features/accounts/pages/AuthPage.tsx', () => import('../../features/accounts/pages/AuthPage')),
  screen(pages.profile, 'src/app/routes/profile.tsx', () => import('./profile')),
  screen(pages.updatePassword, 'src/features/accounts/pages/UpdatePasswordPage.tsx', () => import('../../features/accounts/pages/UpdatePasswordPage')),
  screen(pages.success, 'src/app/routes/payment-success.tsx', () => import('./payment-success')),
  screen(pages.paymentSuccess, 'src/app/routes/payment-success.tsx', () => import('./payment-success')),
  screen(pages.cancel, 'src/features/marketplace/pages/PaymentCancelPage.tsx', () => import('../../features/marketplace/pages/PaymentCancelPage')),
  screen(pages.paymentCanceled, 'src/features/marketplace/pages/PaymentCancelPage.tsx', () => import('../../features/marketplace/pages/PaymentCancelPage')),
  screen(pages.quickCheckout, 'src/features/marketplace/pages/QuickCheckoutPage.tsx', () => import('../../features/marketplace/pages/QuickCheckoutPage')),
  screen(pages.privacy, 'src/features/marketing/pages/LegalPages.tsx', () => import('../../features/marketing/pages/LegalPages').then((m) => ({ default: m.PrivacyPage }))),
  screen(pages.terms, 'src/features/marketing/pages/LegalPages.tsx', () => import('../../features/marketing/pages/LegalPages').then((m) => ({ default: m.TermsPage }))),
  // The staff console: one lazy module of its own, never loaded by the marketing pages.
  screen(pages.staff, 'src/app/routes/staff.tsx', () => import('./staff').then((m) => ({ default: m.StaffInboxRoute }))),
  screen(pages.staffSubmission, 'src/app/routes/staff.tsx', () => import('./staff').then((m) => ({ default: m.StaffSubmissionRoute }))),
  screen(pages.staffPeople, 'src/app/routes/staff.tsx', () => import('./staff').then((m) => ({ default: m.StaffPeopleRoute }))),
  // Lazy like the others (404.html preloads it): no page but the not-found one carries it.
  { path: '*', Component: lazyScreen(() => import('../NotFoundPage').then((m) => ({ default: m.NotFoundPage }))), handle: { meta: notFoundMeta, modules: ['src/app/NotFoundPage.tsx'] } },
];

/** The route a path shows (the not-found route for any unknown path). */
export function routeOf(path: string | { pathname: string }): ScreenRoute {
  const route = matchRoutes(screenRoutes, path)?.at(-1)?.route;
  if (!route) throw new Error('the route table has no catch-all route');
  return route;
}
