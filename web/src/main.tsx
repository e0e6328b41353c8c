/**
 * Browser entry. Prerendered pages (their root already has content) are hydrated; spa.html (auth, profile,
 * payment screens) is rendered from scratch. The runtime configuration is fetched once the page is up:
 * features that need it await `loadConfig()` themselves, so it never holds back the first paint.
 */
import './styles/index.css';
import './features/marketing/marketing.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { disableZodEval } from './app/zod-csp';

disableZodEval();

/** Loads the lazily defined screens of the current URL first, so the first render equals the prerendered HTML. */
async function resolveLazyMatches(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      } catch {
        // Leave it to the router: it retries and shows the error page if the code really cannot load.
      }
    }),
  );
}

function loadConfigWhenIdle(): void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
  idle(() => {
    import('./lib/config')
      .then(({ loadConfig }) => loadConfig())
      .catch(() => {
        // Features report configuration problems when they need it; nothing to show on a marketing page.
      });
  });
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from the HTML');
  const prerendered = container.firstElementChild !== null;
  // Also for client-rendered routes: the router then starts with its screen instead of an empty fallback.
  await resolveLazyMatches();
  const app = <RouterProvider router={createBrowserRouter(routes)} />;
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
  loadConfigWhenIdle();
}

void start();
