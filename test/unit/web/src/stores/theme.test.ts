/** @vitest-environment happy-dom */
/** The theme store (spec 000_87e5fbf87b6c3f39.txt §4 and 9): dark by default, written on first load, persisted, applied to <html>. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, syncTheme, THEME_STORAGE_KEY, useTheme } from '../../../../../web/src/stores/theme';

const html = () => document.documentElement;

describe('theme store', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    localStorage.clear();
    html().removeAttribute('data-theme');
    useTheme.setState({ theme: DEFAULT_THEME });
  });
  afterEach(() => stop?.());

  it('starts dark, so the first client render matches the prerendered HTML', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(useTheme.getState().theme).toBe('dark');
  });

  it('writes the default on first load and applies it to <html>', () => {
    stop = syncTheme();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(html().getAttribute('data-theme')).toBe('dark');
  });

  it('adopts a stored light theme after hydration', () => {
    localStorage.setItem('theme', 'light');
    stop = syncTheme();
    expect(useTheme.getState().theme).toBe('light');
    expect(html().getAttribute('data-theme')).toBe('light');
  });

  it('ignores a garbage stored value and falls back to dark', () => {
    localStorage.setItem('theme', 'sepia');
    stop = syncTheme();
    expect(useTheme.getState().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('toggles at once, both ways, and remembers the choice', () => {
    stop = syncTheme();
    useTheme.getState().toggle();
    expect(html().getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    useTheme.getState().toggle();
    expect(html().getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('follows a change made in another tab', () => {
    stop = syncTheme();
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'light' }));
    expect(useTheme.getState().theme).toBe('light');
    expect(html().getAttribute('data-theme')).toBe('light');
  });
});
