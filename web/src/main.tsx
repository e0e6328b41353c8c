/**
 * Browser entry. Prerendered pages (their root already has content) are hydrated; spa.html (auth, profile,
 * payment screens) is rendered from scratch. The runtime configuration is fetched once the page is up:
 * features that need it await `loadConfig()` themselves, so it never holds back the first paint.
 *
 * The router is react-router's declarative <BrowserRouter>, not its data router: the data router alone
 * measured 94.5 KB gzip with React, over the Home page's 90 KB budget (see app/routes/index.tsx).
 */
import './styles/index.css';
import './features/marketing/marketing.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { scheduleCardScriptCheck } from './app/card-script-check';
import { replayEarlyEvents } from './app/early-events';
import { declareInlinedStyles } from './app/inlined-styles';
import { routeOf } from './app/routes';
import { fetchConfig } from './lib/config-fetch';
import { yieldToMain } from './lib/yield-to-main';

/**
 * Gives the entry the visitor arrived on a key of its own (the router calls it 'default' otherwise), so its
 * scroll position is restored on back/forward and reload but never applied to a later, unrelated visit.
 */
function keyFirstEntry(): void {
  const state = (window.history.state ?? {}) as { key?: string };
  if (!state.key) window.history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
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
  keyFirstEntry();
  declareInlinedStyles();
  // The current URL's screen first, so the first render equals the prerendered HTML (and client-rendered
  // routes start with their screen instead of an empty fallback). A failed load shows the error page.
  await routeOf(window.location).Component.preload?.();
  await yieldToMain();
  const app = (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
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
