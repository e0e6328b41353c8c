/**
 * The frame of every page (the route table's root, ./routes/index.tsx): header, the current screen (the outlet),
 * footer, toasts and the demo dialog, and the router's scroll restoration.
 */
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router-dom';
import { Toaster } from '../components/Toaster';
import { syncTheme } from '../stores/theme';
import { DemoDialogHost } from './DemoDialogHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { applyMeta, type PageMeta } from './head';

/** Keeps the document's title and description those of the page on screen (its route's `handle.meta`). */
function usePageMeta() {
  const meta = (useMatches().at(-1)?.handle as { meta?: PageMeta } | undefined)?.meta;
  useEffect(() => {
    if (meta) applyMeta(meta);
  }, [meta]);
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
      <ScrollRestoration />
      <Header />
      <Outlet />
      <Footer />
      <Toaster />
      <DemoDialogHost />
    </>
  );
}
