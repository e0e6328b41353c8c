/** @vitest-environment happy-dom */
/** The theme store (spec 000_87e5fbf87b6c3f39.txt §4 and 9): dark by default, written on first load, persisted, applied to <html>. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, syncTheme, THEME_NEXT_ATTRIBUTE, THEME_STORAGE_KEY, THEME_SWITCHING_ATTRIBUTE, useTheme } from '../../../../../web/src/stores/theme';

const html = () => document.documentElement;

describe('theme store', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    localStorage.clear();
    html().removeAttribute('data-theme');
    html().removeAttribute('data-amplify-color-mode');
    useTheme.setState({ theme: DEFAULT_THEME });
  });
  afterEach(() => stop?.());

  it('starts dark, so the first client render matches the prerendered HTML', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(useTheme.getState().theme).toBe('dark');
  });

  it('writes the default on first load and applies it for our CSS and Amplify UI', () => {
    stop = syncTheme();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(html().getAttribute('data-theme')).toBe('dark');
    expect(html().getAttribute('data-amplify-color-mode')).toBe('dark');
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

  it('marks the switch for two frames (the CSS holds colour transitions back meanwhile), and only a real switch', async () => {
    stop = syncTheme();
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    expect(html().hasAttribute(THEME_SWITCHING_ATTRIBUTE)).toBe(false);
    useTheme.getState().toggle();
    expect(html().hasAttribute(THEME_SWITCHING_ATTRIBUTE)).toBe(true);
    await frame();
    await frame();
    await frame();
    expect(html().hasAttribute(THEME_SWITCHING_ATTRIBUTE)).toBe(false);
    useTheme.getState().setTheme('light');
    expect(html().hasAttribute(THEME_SWITCHING_ATTRIBUTE)).toBe(false);
  });

  it('toggles and remembers the choice', () => {
    stop = syncTheme();
    useTheme.getState().toggle();
    expect(localStorage.getItem('theme')).toBe('light');
    expect(html().getAttribute('data-amplify-color-mode')).toBe('light');
    useTheme.getState().toggle();
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('follows a change made in another tab', () => {
    stop = syncTheme();
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'light' }));
    expect(useTheme.getState().theme).toBe('light');
    expect(html().getAttribute('data-theme')).toBe('light');
  });

  describe('with blocks on screen', () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let restore: (() => void) | undefined;
    beforeEach(() => {
      document.body.innerHTML = '<div id="root"><header></header><main><section id="on"></section><section id="off"></section></main></div>';
      // happy-dom lays nothing out: the header and the first section are on screen, the second below it.
      const original = Element.prototype.getBoundingClientRect;
      Element.prototype.getBoundingClientRect = function (this: Element) {
        const top = this.id === 'off' ? innerHeight + 10 : 0;
        return { top, bottom: top + 100, left: 0, right: 100, width: 100, height: 100, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
      };
      restore = () => (Element.prototype.getBoundingClientRect = original);
    });
    afterEach(() => {
      restore?.();
      document.body.innerHTML = '';
    });

    it('gives the blocks on screen the new theme first, and <html> a frame later', async () => {
      stop = syncTheme();
      useTheme.getState().toggle();
      expect(html().getAttribute('data-theme')).toBe('dark');
      expect(html().getAttribute(THEME_NEXT_ATTRIBUTE)).toBe('light');
      expect(document.querySelector('header')?.getAttribute('data-theme')).toBe('light');
      expect(document.getElementById('on')?.getAttribute('data-theme')).toBe('light');
      expect(document.getElementById('off')?.hasAttribute('data-theme')).toBe(false);
      await frame();
      await frame();
      await frame();
      expect(html().getAttribute('data-theme')).toBe('light');
      expect(html().getAttribute('data-amplify-color-mode')).toBe('light');
      expect(html().hasAttribute(THEME_NEXT_ATTRIBUTE)).toBe(false);
      expect(document.querySelectorAll('#root [data-theme], #root [data-amplify-color-mode]')).toHaveLength(0);
    });

    it('a second switch before the first has finished ends in the second theme, with nothing left behind', async () => {
      stop = syncTheme();
      useTheme.getState().toggle();
      useTheme.getState().toggle();
      await frame();
      await frame();
      await frame();
      await frame();
      expect(useTheme.getState().theme).toBe('dark');
      expect(html().getAttribute('data-theme')).toBe('dark');
      expect(html().hasAttribute(THEME_NEXT_ATTRIBUTE)).toBe(false);
      expect(html().hasAttribute(THEME_SWITCHING_ATTRIBUTE)).toBe(false);
      expect(document.querySelectorAll('#root [data-theme], #root [data-amplify-color-mode]')).toHaveLength(0);
    });

    it('switches the whole page at once when it holds Amplify UI (its tokens are resolved on <html>)', () => {
      document.getElementById('on')!.innerHTML = '<div class="amplify-tabs"></div>';
      stop = syncTheme();
      useTheme.getState().toggle();
      expect(html().getAttribute('data-theme')).toBe('light');
      expect(document.querySelectorAll('#root [data-theme]')).toHaveLength(0);
    });
  });
});

