/** The frame of every page: header, the current screen, footer, toasts and the demo dialog. */
import { Suspense, useEffect, useRef } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { Toaster } from '../components/Toaster';
import { syncTheme } from '../stores/theme';
import { DemoDialogHost } from './DemoDialogHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { applyMeta } from './head';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { routeOf, screenRoutes } from './routes';
import { useScrollRestoration } from './scroll';

/** Keeps the document's title and description those of the page on screen. */
function usePageMeta() {
  const { pathname } = useLocation();
  const meta = routeOf(pathname).handle.meta;
  useEffect(() => applyMeta(meta), [meta]);
}

/**
 * After a client-side navigation, move focus to the new page's heading so keyboard and screen reader users
 * start at the new content (a full page load starts there anyway).
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

export function Layout() {
  const screen = useRoutes(screenRoutes);
  usePageMeta();
  useFocusOnNavigation();
  useScrollRestoration();
  useEffect(() => syncTheme(), []);
  return (
    <>
      <Header />
      {/* A crash in a screen: the error page between the header and the footer. */}
      <RouteErrorBoundary>
        {/* Only a first render can show this (empty) fallback: navigations keep the old screen until the new one is loaded. */}
        <Suspense fallback={null}>{screen}</Suspense>
      </RouteErrorBoundary>
      <Footer />
      <Toaster />
      <DemoDialogHost />
    </>
  );
}
