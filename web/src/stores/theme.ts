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

/**
 * Marks a theme switch in progress until the page has followed: the CSS turns the colour transitions of buttons and
 * cards off under it, so the switch repaints once instead of fading each of them on its own.
 */
export const THEME_SWITCHING_ATTRIBUTE = 'data-theme-switching';

/**
 * The page's blocks, as a switch gives them the new theme ahead of <html>: the app's top-level elements, with
 * <main> split into its own children (Home's sections), so that the blocks on screen are a small part of a long page.
 */
const THEME_BLOCKS = '#root > :not(main), main > *';

/** While a switch is under way: the theme <html> is about to take (tokens.css paints its background over the viewport). */
export const THEME_NEXT_ATTRIBUTE = 'data-theme-next';

/** The blocks a visitor sees now; none on a page with Amplify UI, whose tokens are resolved on <html> alone. */
function blocksOnScreen(): Element[] {
  if (document.querySelector('[class*="amplify-"]')) return [];
  return [...document.querySelectorAll(THEME_BLOCKS)].filter((block) => {
    const box = block.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight && box.width > 0;
  });
}

/** The switch in progress, if any: finishes it at once. */
let finishSwitch: (() => void) | undefined;

/**
 * Applies a theme: sets the attributes the CSS keys on, ours (`data-theme`) and Amplify UI's
 * (`data-amplify-color-mode`). A switch restyles every element that inherits the colours, the whole page; so the
 * blocks on screen take the new theme first, with the page's background over the viewport (tokens.css), and <html>
 * follows a frame later: the frame that shows the switch restyles and repaints what the visitor sees, and the rest
 * of the page, off screen, waits for the next. What the visitor sees is the same in both frames.
 */
function applyTheme(theme: Theme): void {
  finishSwitch?.();
  const root = document.documentElement;
  if (root.getAttribute('data-theme') === theme && root.getAttribute('data-amplify-color-mode') === theme) return;
  root.setAttribute(THEME_SWITCHING_ATTRIBUTE, '');
  const ahead = blocksOnScreen();
  for (const block of ahead) block.setAttribute('data-theme', theme);
  root.setAttribute(THEME_NEXT_ATTRIBUTE, theme);
  const finish = () => {
    if (finishSwitch !== finish) return; // finished already, by a switch that came before this frame
    finishSwitch = undefined;
    root.setAttribute('data-theme', theme);
    root.setAttribute('data-amplify-color-mode', theme);
    root.removeAttribute(THEME_NEXT_ATTRIBUTE);
    for (const block of ahead) block.removeAttribute('data-theme');
    requestAnimationFrame(() => requestAnimationFrame(() => finishSwitch || root.removeAttribute(THEME_SWITCHING_ATTRIBUTE)));
  };
  finishSwitch = finish;
  // The first callback runs as the frame showing the switch begins; the second, as the next one does.
  if (ahead.length) requestAnimationFrame(() => requestAnimationFrame(finish));
  else finish();
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
