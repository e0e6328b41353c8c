/**
 * Light/dark theme (spec 000_87e5fbf87b6c3f39.txt §4 and 9): stored under localStorage key `theme`, dark by default, written on
 * first load. The inline script in web/index.html applies the stored theme before first paint; this store
 * starts at the default so that the prerendered HTML and the first client render agree (no hydration
 * mismatch), then `syncTheme()` reads the real value once the app has hydrated.
 */
import { create } from 'zustand';

export type Theme = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'dark';

function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

function readStored(): Theme | undefined {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : undefined;
  } catch {
    return undefined; // storage blocked (privacy mode): the theme still works for this page view
  }
}

function store(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage blocked: nothing to remember
  }
}

/** Applies a theme: the one attribute on <html> the CSS keys on (styles/tokens.css, and Amplify UI's dark tokens). */
function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
}

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggle: () => void;
}

export const useTheme = create<ThemeState>()((set, get) => ({
  theme: DEFAULT_THEME,
  setTheme: (theme) => {
    store(theme);
    applyTheme(theme);
    set({ theme });
  },
  toggle: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));

/** After hydration: adopt the stored theme (writing the default on a first visit) and follow other tabs. */
export function syncTheme(): () => void {
  const theme = readStored() ?? DEFAULT_THEME;
  useTheme.getState().setTheme(theme);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY && isTheme(event.newValue)) {
      applyTheme(event.newValue);
      useTheme.setState({ theme: event.newValue });
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
