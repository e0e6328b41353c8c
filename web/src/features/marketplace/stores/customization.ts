/**
 * The buyer's choices in 'Customize Your AI Agent', per app. They are kept in localStorage because the
 * purchase happens in another tab (Stripe) and the prompt is asked for later, maybe after a reload.
 */
import { create } from 'zustand';
import { type MarketplaceApp } from '@shared/content/catalogue';
import { defaultCustomization, resolveCustomization, type Customization } from '@shared/content/customization';

const KEY = 'marketplaceCustomization_v1';

interface CustomizationState {
  byApp: Record<string, Customization>;
  loaded: boolean;
  /** Reads the saved choices (after hydration, so prerendered HTML shows the defaults). */
  load: () => void;
  set: (appId: string, customization: Customization | undefined) => void;
}

export const useCustomizationStore = create<CustomizationState>()((set, get) => ({
  byApp: {},
  loaded: false,
  load: () => {
    if (get().loaded) return;
    let saved: Record<string, Customization> = {};
    try {
      const value: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '{}');
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) saved = value as Record<string, Customization>;
    } catch {
      // Unreadable or blocked storage: start from the defaults.
    }
    // A choice made before this ran (a visitor faster than the hydration's effects) wins over the saved one.
    set({ byApp: { ...saved, ...get().byApp }, loaded: true });
  },
  set: (appId, customization) => {
    // The saved choices of the other apps first, so writing this one back does not forget them.
    get().load();
    const byApp = { ...get().byApp };
    if (customization) byApp[appId] = customization;
    else delete byApp[appId];
    set({ byApp });
    try {
      window.localStorage.setItem(KEY, JSON.stringify(byApp));
    } catch {
      // Not remembered across reloads; the current page still works.
    }
  },
}));

/** The app's current choice: the saved one if it still exists in the catalogue, else the default. */
export function currentCustomization(app: MarketplaceApp, byApp: Record<string, Customization>): Customization | undefined {
  if (!app.fieldOptions) return undefined;
  const saved = byApp[app.id];
  return saved && resolveCustomization(app, saved) ? saved : defaultCustomization(app);
}
