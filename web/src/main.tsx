/**
 * Browser entry. Prerendered pages (their root already has content) are hydrated; spa.html (auth, profile,
 * payment screens) is rendered from scratch. The runtime configuration is fetched once the page is up:
 * features that need it await `loadConfig()` themselves, so it never holds back the first paint.
 */
import './styles/index.css';
import './features/marketing/marketing.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { scheduleCardScriptCheck } from './app/card-script-check';
import { replayEarlyEvents } from './app/early-events';
import { declareInlinedStyles } from './app/inlined-styles';
import { routes } from './app/routes';
import { fetchConfig } from './lib/config-fetch';
import { yieldToMain } from './lib/yield-to-main';

/**
 * Loads the lazy routes the current URL matches before the router is created, as react-router's guide to server
 * rendering with lazy routes does: the router's first render then equals the prerendered HTML (it renders nothing
 * for a route still loading), and client-rendered routes start with their screen. A failed load is left to the
 * router, which tries again and shows the error page.
 */
async function loadMatchedRoutes(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).map((m) => m.route).filter((r) => r.lazy);
  await Promise.all(
    lazy.map(async (route: RouteObject) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, await load(), { lazy: undefined });
    }),
  ).catch(() => undefined);
}

/** Work that can wait until the browser has nothing else to do. */
function whenIdle(run: () => void): void {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
  idle(run);
}

async function start(): Promise<void> {
  // The start in three tasks (lib/yield-to-main.ts): evaluating the modules (React is most of it), then finding
  // the route and loading its screen, then starting hydration; the browser paints and answers input in between.
  await yieldToMain();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from the HTML');
  const prerendered = container.firstElementChild !== null;
  declareInlinedStyles();
  await loadMatchedRoutes();
  await yieldToMain();
  // A prerendered page is server-rendered in the router's terms (hydration data, none to carry): the router leaves
  // the scroll position alone, where the visitor may have scrolled already, and a reload's is the browser's.
  const router = createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined);
  const app = <RouterProvider router={router} />;
  // Hydration as a transition: React works through the page in slices of a few milliseconds and lets the
  // browser paint and answer in between, instead of one long task (about 300 ms on a slow phone for Home).
  // A click or a keystroke on a part not hydrated yet makes React hydrate that part at once, then handle it.
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  // Clicks and typing from before this point: React's handlers are attached now.
  replayEarlyEvents();
  whenIdle(() => {
    // The runtime configuration's request; its validation (zod) waits until a feature needs the configuration.
    fetchConfig().catch(() => {
      // Features report configuration problems when they need it; nothing to show on a marketing page.
    });
  });
  scheduleCardScriptCheck();
}

void start();
