/**
 * /marketplace (spec 000_87e5fbf87b6c3f39.txt §2): the selected app's detail panel, search, category tabs and the app grid.
 * Purchases come from localStorage after hydration (the page is prerendered), so every card first renders
 * 'Buy Now' and turns to 'Get prompt' for what this browser has bought.
 *
 * The Get prompt dialog and the Buy Now call load when first used: the page's first load carries neither the query
 * library, the schemas nor the API client.
 */
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { categoryTabs, marketplaceApps, type MarketplaceApp } from '@shared/content/catalogue';
import { type Customization } from '@shared/content/customization';
import { isStudioApp, studioHref } from '@shared/content/prompt-studio/apps';
import { openCheckoutTab } from '../api/checkout-tab';
import { AppCard } from '../components/AppCard';
import { AppDetails } from '../components/AppDetails';
import type { PromptDialogProps } from '../components/PromptDialog';
import { currentCustomization, useCustomizationStore } from '../stores/customization';
import { purchaseSessions, usePurchasedApps } from '../stores/purchases';
import { ALL_APPS as ALL, filterApps } from '../utils/filter';
import '../marketplace.css';

/** The feature's own dialog, for a tree that already has a query client above the page. */
const LazyPromptDialog = lazy(() => import('../components/PromptDialog').then((m) => ({ default: m.PromptDialog })));

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * The detail panel of the app on show. Memoised: the render that answers a card's click (the card's 'Selected'
 * badge) skips it while its app, the saved choices and its busy state are the same.
 */
const DetailsPanel = memo(function DetailsPanel({
  app,
  byApp,
  busy,
  onCustomize,
  onBuy,
}: {
  app: MarketplaceApp;
  byApp: Record<string, Customization>;
  busy: boolean;
  onCustomize: (appId: string, next: Customization | undefined) => void;
  onBuy: (app: MarketplaceApp) => Promise<void>;
}) {
  return (
    <AppDetails
      key={app.id}
      app={app}
      customization={currentCustomization(app, byApp)}
      onCustomize={(next) => onCustomize(app.id, next)}
      busy={busy}
      onBuy={() => void onBuy(app)}
    />
  );
});

/**
 * `signedInNow`: the app layer's word on the visitor's session, asked at the click (Buy Now then goes through the
 * account). Asked, not passed as a flag: a click made before the first session check answered must wait for it.
 * `PromptDialog`: the Get prompt dialog as the app layer composes it (with the query client it reads through).
 */
export default function MarketplacePage({
  signedInNow = async () => false,
  PromptDialog = LazyPromptDialog,
}: {
  signedInNow?: () => Promise<boolean>;
  PromptDialog?: ComponentType<PromptDialogProps>;
}) {
  const [selectedId, setSelectedId] = useState(marketplaceApps[0]?.id ?? '');
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState(ALL);
  const [paying, setPaying] = useState<string | undefined>();
  const [promptFor, setPromptFor] = useState<MarketplaceApp | undefined>();
  const purchased = usePurchasedApps();
  const { byApp, load, set } = useCustomizationStore();
  const focusDetailsOf = useRef<string | undefined>(undefined);
  const tabs = useMemo(() => [ALL, ...categoryTabs()], []);

  useEffect(() => load(), [load]);

  // The chosen card answers at once (its 'Selected' badge); the detail panel, the page's largest part, follows in a
  // render of its own that the browser may interrupt to paint and take input (React's deferred value), so choosing
  // a card on a slow phone does not wait for the whole panel to be rebuilt.
  const shownId = useDeferredValue(selectedId);

  useEffect(() => {
    // After a card was chosen, keyboard and screen reader users land on the panel that just changed: the chosen
    // app's panel, a new element. A press that lands before the page's first effects have run (a slow phone, a page
    // still hydrating) has those effects run first, with the previous app still on show: they leave it alone.
    if (focusDetailsOf.current !== shownId) return;
    focusDetailsOf.current = undefined;
    document.getElementById('app-details-title')?.focus({ preventScroll: true });
  }, [shownId]);

  const appOf = (id: string) => marketplaceApps.find((a) => a.id === id) ?? (marketplaceApps[0] as MarketplaceApp);
  const selected = appOf(selectedId);
  const shown = appOf(shownId);
  const visible = filterApps(marketplaceApps, search, tab);

  const select = (app: MarketplaceApp) => {
    focusDetailsOf.current = app.id !== selectedId ? app.id : undefined;
    setSelectedId(app.id);
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const buy = useCallback(
    async (app: MarketplaceApp) => {
      setPaying(app.id);
      try {
        // The tab first, inside the click: browsers block a pop-up opened after an await (the session check).
        const tab = openCheckoutTab();
        const [{ buyNow }, signedIn] = await Promise.all([import('../api/create-payment'), signedInNow()]);
        await buyNow({ type: 'marketplace', productId: app.id, appName: app.name }, tab, { signedIn });
      } finally {
        setPaying(undefined);
      }
    },
    [signedInNow],
  );

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length] as string;
    setTab(next);
    document.getElementById(`marketplace-tab-${(index + step + tabs.length) % tabs.length}`)?.focus();
  };

  // The customization form needs the purchase it is kept under: only a checkout that came back with its session.
  const tailorHrefOf = (appId: string) => {
    const sessionId = purchaseSessions()[appId];
    return sessionId && isStudioApp(appId) ? studioHref(sessionId) : undefined;
  };

  const promptRequest = (app: MarketplaceApp) => {
    const c: Customization | undefined = currentCustomization(app, byApp);
    const sessionId = purchaseSessions()[app.id];
    return { appId: app.id, ...c, ...(sessionId ? { sessionId } : {}) };
  };

  return (
    <main id="main" className="container page marketplace">
      <h1>AI Apps Marketplace</h1>
      <p className="marketplace-lead">
        Ready-made AI apps for a one-time price. Pick an app, tailor it to your business, and start using it today.
      </p>

      <DetailsPanel app={shown} byApp={byApp} busy={paying === shown.id} onCustomize={set} onBuy={buy} />

      <div className="marketplace-filters">
        <input
          type="search"
          className="marketplace-search"
          placeholder="Search apps..."
          aria-label="Search apps"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div role="tablist" aria-label="Categories" className="marketplace-tabs">
          {tabs.map((t, i) => (
            <button
              key={t}
              id={`marketplace-tab-${i}`}
              type="button"
              role="tab"
              aria-selected={tab === t}
              aria-controls="marketplace-apps"
              tabIndex={tab === t ? 0 : -1}
              onClick={() => setTab(t)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t}
            </button>
          ))}
        </div>
      </div>

      <section id="marketplace-apps" role="tabpanel" aria-labelledby="available-apps-title" className="marketplace-apps">
        <h2 id="available-apps-title">Available Apps</h2>
        {visible.length === 0 ? (
          <output className="marketplace-empty">No apps found matching your search.</output>
        ) : (
          <div className="app-grid">
            {visible.map((app) => (
              <AppCard
                key={app.id}
                app={app}
                selected={app.id === selected.id}
                purchased={purchased.includes(app.id)}
                busy={paying === app.id}
                onSelect={() => select(app)}
                onBuy={() => void buy(app)}
                onGetPrompt={() => setPromptFor(app)}
              />
            ))}
          </div>
        )}
      </section>

      {promptFor ? (
        <Suspense fallback={null}>
          <PromptDialog
            key={promptFor.id}
            request={promptRequest(promptFor)}
            appName={promptFor.name}
            tailorHref={tailorHrefOf(promptFor.id)}
            onClose={() => setPromptFor(undefined)}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
