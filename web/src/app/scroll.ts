/**
 * Scroll positions across navigations, as the data router's <ScrollRestoration> did: a new page (link,
 * navigate(), redirect) starts at the top, or at its #hash target; back and forward return to where the
 * visitor was on that history entry, also after a reload (positions are kept in sessionStorage).
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'scroll-positions';

/** Scroll position per history entry (location.key). */
let positions: Record<string, number> = {};
/** The entry on screen: scroll events are recorded for it. */
let shownKey = '';

function scrollToHash(hash: string): boolean {
  try {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView();
    return target !== null;
  } catch {
    return false; // not a decodable id
  }
}

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    // Every scroll position is recorded as it happens, so a navigation never reads one that the new, maybe
    // shorter, page has already clamped. (Scroll events fire after React's commit, by then for the new entry.)
    const record = () => {
      positions[shownKey] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or disabled: back/forward within this page load still works.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    // A scroll event fires on the next frame: a click or a back/forward right after scrolling (a busy machine,
    // a quick visitor) would leave the entry its older position. These run before the router's own listeners
    // (capture), while the old page is still on screen, so they record where the visitor really was.
    window.addEventListener('click', record, { capture: true });
    window.addEventListener('popstate', record, { capture: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('click', record, { capture: true });
      window.removeEventListener('popstate', record, { capture: true });
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    if (!shownKey) {
      // First render of this document: take over from the browser, and pick up the positions of an earlier
      // document of this tab (a reload, or back/forward from another site).
      window.history.scrollRestoration = 'manual';
      try {
        positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
      } catch {
        positions = {};
      }
    }
    shownKey = location.key;
    const saved = navigationType === 'POP' ? positions[location.key] : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
  }, [location, navigationType]);
}
