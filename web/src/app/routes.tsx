/**
 * The route table (spec section 2). Paths, titles and descriptions come from shared/site.ts; every screen is
 * loaded lazily so the Home page ships only the shell and its own content.
 *
 * `handle.modules` names the source modules (relative to web/) of a route's lazily loaded screen: the
 * prerender script looks them up in Vite's manifest to put their CSS and module preloads into the page's HTML.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { pages, type PageDef } from '../../../shared/site';
import { metaOf, notFoundMeta, type PageMeta } from './head';
import { Layout } from './Layout';
import { ErrorPage } from './ErrorPage';
import { NotFoundPage } from './NotFoundPage';

export interface RouteHandle {
  readonly meta: PageMeta;
  readonly modules?: readonly string[];
}

type PageModule = { default: ComponentType };

function screen(page: PageDef, module: string, load: () => Promise<PageModule>): RouteObject {
  const handle: RouteHandle = { meta: metaOf(page), modules: [module] };
  const lazy = async () => ({ Component: (await load()).default });
  return page.path === '/' ? { index: true, handle, lazy } : { path: page.path, handle, lazy };
}

/** Rendered inside every page by the layout, lazily; their CSS goes into every prerendered page. */
export const layoutModules = ['src/features/accounts/components/AccountNav.tsx'] as const;

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    // A crash in the layout itself: the error page alone.
    ErrorBoundary: ErrorPage,
    children: [
      {
        // A crash in a screen: the error page inside the header and footer.
        ErrorBoundary: ErrorPage,
        children: [
          screen(pages.home, 'src/features/marketing/pages/HomePage.tsx', () => import('../features/marketing/pages/HomePage')),
          screen(pages.services, 'src/app/routes/services.tsx', () => import('./routes/services')),
          screen(pages.about, 'src/features/marketing/pages/AboutPage.tsx', () => import('../features/marketing/pages/AboutPage')),
          screen(pages.contact, 'src/app/routes/contact.tsx', () => import('./routes/contact')),
          screen(pages.ideaHub, 'src/features/idea-hub/pages/IdeaHubPage.tsx', () => import('../features/idea-hub/pages/IdeaHubPage')),
          screen(pages.marketplace, 'src/features/marketplace/pages/MarketplacePage.tsx', () => import('../features/marketplace/pages/MarketplacePage')),
          screen(pages.auth, 'src/features/accounts/pages/AuthPage.tsx', () => import('../features/accounts/pages/AuthPage')),
          screen(pages.profile, 'src/features/accounts/pages/ProfilePage.tsx', () => import('../features/accounts/pages/ProfilePage')),
          screen(pages.updatePassword, 'src/features/accounts/pages/UpdatePasswordPage.tsx', () => import('../features/accounts/pages/UpdatePasswordPage')),
          screen(pages.success, 'src/features/marketplace/pages/PaymentSuccessPage.tsx', () => import('../features/marketplace/pages/PaymentSuccessPage')),
          screen(pages.paymentSuccess, 'src/features/marketplace/pages/PaymentSuccessPage.tsx', () => import('../features/marketplace/pages/PaymentSuccessPage')),
          screen(pages.cancel, 'src/features/marketplace/pages/PaymentCancelPage.tsx', () => import('../features/marketplace/pages/PaymentCancelPage')),
          screen(pages.paymentCanceled, 'src/features/marketplace/pages/PaymentCancelPage.tsx', () => import('../features/marketplace/pages/PaymentCancelPage')),
          screen(pages.quickCheckout, 'src/features/marketplace/pages/QuickCheckoutPage.tsx', () => import('../features/marketplace/pages/QuickCheckoutPage')),
          { path: '*', Component: NotFoundPage, handle: { meta: notFoundMeta } satisfies RouteHandle },
        ],
      },
    ],
  },
];
