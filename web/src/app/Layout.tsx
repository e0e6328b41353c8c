/** The frame of every page: header, the current screen, footer, toasts and the demo dialog. */
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router-dom';
import { Toaster } from '../components/Toaster';
import { syncTheme } from '../stores/theme';
import { DemoDialogHost } from './DemoDialogHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { applyMeta, notFoundMeta } from './head';
import type { RouteHandle } from './routes';

function usePageMeta() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.meta)?.handle as
    | RouteHandle
    | undefined;
  const meta = handle?.meta ?? notFoundMeta;
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
  usePageMeta();
  useFocusOnNavigation();
  useEffect(() => syncTheme(), []);
  return (
    <>
      <Header />
      <Outlet />
      <Footer />
      <Toaster />
      <DemoDialogHost />
      <ScrollRestoration />
    </>
  );
}
