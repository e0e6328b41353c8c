/**
 * The route table (spec 000_87e5fbf87b6c3f39.txt §2), react-router's data router: the browser (web/src/main.tsx)
 * and the prerender (../entry-server.tsx, web/scripts/prerender.ts) both use these routes.
 *
 * To add a screen: add its page to shared/content/site.ts (path, title, whether it is prerendered), then one
 * `screen(...)` entry below: the page, the source module of its screen (relative to web/; the prerender puts that
 * module's CSS and a preload of its code into the page's HTML) and the import of its component. A screen that
 * composes features (a query client, a gate, another feature's parts) gets a small module in this folder.
 *
 * Every screen loads lazily (route `lazy`), so a page's first load carries only the layout and its own screen. An
 * error while loading or rendering a screen shows the error page between the header and the footer; an error in
 * the layout itself, the error page alone.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { pages, type PageDef } from '@shared/content/site';
import { ErrorPage } from '../ErrorPage';
import { metaOf, notFoundMeta, type PageMeta } from '../head';
import { Layout } from '../Layout';

export interface RouteHandle {
  readonly meta: PageMeta;
  /** The screen's source module, relative to web/ (the prerender looks it up in Vite's manifest). */
  readonly module: string;
}

function screen(page: PageDef, module: string, load: () => Promise<ComponentType>): RouteObject {
  return { path: page.path, lazy: async () => ({ Component: await load() }), handle: { meta: metaOf(page), module } satisfies RouteHandle };
}

/** Rendered lazily inside every page by the layout (the header's account links): their CSS goes into every prerendered page. */
export const layoutModules = ['src/features/accounts/components/AccountNav.tsx'] as const;

const screens: RouteObject[] = [
  screen(pages.home, 'src/features/marketing/pages/HomePage.tsx', () => import('../../features/marketing/pages/HomePage').then((m) => m.default)),
  screen(pages.services, 'src/app/routes/services.tsx', () => import('./services').then((m) => m.default)),
  screen(pages.about, 'src/features/marketing/pages/AboutPage.tsx', () => import('../../features/marketing/pages/AboutPage').then((m) => m.default)),
  screen(pages.contact, 'src/app/routes/contact.tsx', () => import('./contact').then((m) => m.default)),
  screen(pages.ideaHub, 'src/features/idea-hub/pages/IdeaHubPage.tsx', () => import('../../features/idea-hub/pages/IdeaHubPage').then((m) => m.default)),
  screen(pages.marketplace, 'src/app/routes/marketplace.tsx', () => import('./marketplace').then((m) => m.default)),
  screen(pages.auth, 'src/features/accounts/pages/AuthPage.tsx', () => import('../../features/accounts/pages/AuthPage').then((m) => m.default)),
  screen(pages.profile, 'src/app/routes/profile.tsx', () => import('./profile').then((m) => m.default)),
  screen(pages.updatePassword, 'src/features/accounts/pages/UpdatePasswordPage.tsx', () => import('../../features/accounts/pages/UpdatePasswordPage').then((m) => m.default)),
  screen(pages.success, 'src/app/routes/payment-success.tsx', () => import('./payment-success').then((m) => m.default)),
  screen(pages.paymentSuccess, 'src/app/routes/payment-success.tsx', () => import('./payment-success').then((m) => m.default)),
  screen(pages.cancel, 'src/features/marketplace/pages/PaymentCancelPage.tsx', () => import('../../features/marketplace/pages/PaymentCancelPage').then((m) => m.default)),
  screen(pages.paymentCanceled, 'src/features/marketplace/pages/PaymentCancelPage.tsx', () => import('../../features/marketplace/pages/PaymentCancelPage').then((m) => m.default)),
  screen(pages.quickCheckout, 'src/features/marketplace/pages/QuickCheckoutPage.tsx', () => import('../../features/marketplace/pages/QuickCheckoutPage').then((m) => m.default)),
  screen(pages.promptStudio, 'src/app/routes/prompt-studio.tsx', () => import('./prompt-studio').then((m) => m.default)),
  screen(pages.privacy, 'src/features/marketing/pages/LegalPages.tsx', () => import('../../features/marketing/pages/LegalPages').then((m) => m.PrivacyPage)),
  screen(pages.terms, 'src/features/marketing/pages/LegalPages.tsx', () => import('../../features/marketing/pages/LegalPages').then((m) => m.TermsPage)),
  // The staff console: one lazy module of its own, never loaded by the marketing pages.
  screen(pages.staff, 'src/app/routes/staff.tsx', () => import('./staff').then((m) => m.StaffOverviewRoute)),
  screen(pages.staffInbox, 'src/app/routes/staff.tsx', () => import('./staff').then((m) => m.StaffInboxRoute)),
  screen(pages.staffSubmission, 'src/app/routes/staff.tsx', () => import('./staff').then((m) => m.StaffSubmissionRoute)),
  screen(pages.staffPeople, 'src/app/routes/staff.tsx', () => import('./staff').then((m) => m.StaffPeopleRoute)),
  screen(pages.staffCalendar, 'src/app/routes/staff.tsx', () => import('./staff').then((m) => m.StaffCalendarRoute)),
  // The visitor's booking page (issue 41): its own lazy chunk.
  screen(pages.book, 'src/app/routes/booking.tsx', () => import('./booking').then((m) => m.BookingRoute)),
  screen(pages.bookCancel, 'src/app/routes/booking.tsx', () => import('./booking').then((m) => m.CancelBookingRoute)),
  // Any other path (404.html is this route, prerendered).
  {
    path: '*',
    lazy: async () => ({ Component: (await import('../NotFoundPage')).NotFoundPage }),
    handle: { meta: notFoundMeta, module: 'src/app/NotFoundPage.tsx' } satisfies RouteHandle,
  },
];

export const routes: RouteObject[] = [
  {
    Component: Layout,
    ErrorBoundary: ErrorPage,
    // Pathless: catches what the screens throw, shown in the layout's outlet.
    children: [{ ErrorBoundary: ErrorPage, children: screens }],
  },
];
