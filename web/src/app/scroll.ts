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
/**
 * A position being given back on back/forward. The page may not be tall enough yet when the route's screen is
 * still loading (a lazy screen suspends for a moment): the browser then clamps the scroll, and that clamped
 * position must not overwrite the saved one. So the restore is retried each frame until the page can take it.
 */
let restoring: { key: string; y: number; until: number } | undefined;

function recordPosition(): void {
  if (!shownKey || restoring?.key === shownKey) return; // a clamped position while the page is still growing
  positions[shownKey] = window.scrollY;
}

// A scroll event fires on the next frame: a link clicked or a back/forward right after scrolling (a quick
// visitor, a busy machine) would leave the entry its older position. These listeners are added when this module
// loads, before the router exists, so they run before the router's own (listeners run in the order they were
// added) and record where the visitor was while the old page is still on screen. Only clicks on links: reading
// the position makes the browser bring the layout up to date first, work that every other click (a card, the theme,
// a form) should not wait for.
if (typeof window !== 'undefined') {
  window.addEventListener('click', (event) => event.target instanceof Element && event.target.closest('a[href]') && recordPosition(), { capture: true });
  window.addEventListener('popstate', recordPosition, { capture: true });
}

function restore(key: string, y: number): void {
  restoring = { key, y, until: performance.now() + 2000 };
  const attempt = () => {
    if (!restoring || restoring.key !== shownKey) return;
    window.scrollTo(0, restoring.y);
    if (Math.abs(window.scrollY - restoring.y) <= 1 || performance.now() > restoring.until) {
      restoring = undefined;
      return;
    }
    requestAnimationFrame(attempt);
  };
  attempt();
}

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
    const record = () => recordPosition();
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or disabled: back/forward within this page load still works.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    const firstRender = !shownKey;
    if (firstRender) {
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
    restoring = undefined;
    if (firstRender) {
      // A prerendered page was on screen before the app ran: a visitor may have scrolled already (a slow phone),
      // or the browser gone to the #hash target. That position is theirs; taking them back to the top would
      // also move whatever they were about to press. Only an untouched page gets the entry's saved position
      // (a reload, back from another site) or its #hash target (a client-rendered page has it only now).
      if (window.scrollY !== 0) return;
      if (saved !== undefined) restore(location.key, saved);
      else scrollToHash(location.hash);
      return;
    }
    if (saved !== undefined) restore(location.key, saved);
    else if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
  }, [location, navigationType]);
}
