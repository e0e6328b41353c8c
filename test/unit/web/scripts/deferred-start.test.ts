/** @vitest-environment happy-dom */
/**
 * How a prerendered page starts the app (web/scripts/deferred-start.ts): the prerender replaces the module script
 * and module preloads with one constant inline script, which adds them once the page has loaded and painted, or
 * at once when the visitor presses, touches or types first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStartOf, deferAppStart, deferredStartScript } from '../../../../web/scripts/deferred-start';

const page = `<!doctype html><html><head>
    <link rel="modulepreload" crossorigin href="/assets/HomePage-1.js">
    <script type="module" crossorigin src="/assets/index-2.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-4.css">
  </head><body><div id="root"><main>Home</main></div></body></html>`;

describe('deferAppStart', () => {
  it('replaces the module script and every module preload with the deferred start, naming them', () => {
    const html = deferAppStart(page);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-4.css">');
    expect(appStartOf(html)).toEqual({ entry: '/assets/index-2.js', preload: ['/assets/HomePage-1.js', '/assets/runtime-3.js'] });
    expect(html).toContain(`>${deferredStartScript}</script>`);
  });

  it('reads an ordinary page (spa.html) the same way', () => {
    expect(appStartOf(page)).toEqual({ entry: '/assets/index-2.js', preload: ['/assets/HomePage-1.js', '/assets/runtime-3.js'] });
  });

  it('refuses a page without a module script', () => {
    expect(() => deferAppStart('<html><head></head><body></body></html>')).toThrow(/no module script/);
  });
});

describe('the deferred start script', () => {
  let paintObserver: ((list: { getEntriesByName: (n: string) => unknown[] }, observer: { disconnect: () => void }) => void) | undefined;
  let frames: (() => void)[] = [];

  const added = () => [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map((e) => e.getAttribute('src') ?? e.getAttribute('href'));

  function run(readyState: DocumentReadyState) {
    document.head.innerHTML = '';
    const script = document.createElement('script');
    script.dataset.entry = '/assets/index-2.js';
    script.dataset.preload = '/assets/HomePage-1.js /assets/runtime-3.js';
    document.head.append(script);
    Object.defineProperty(document, 'readyState', { value: readyState, configurable: true });
    Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
    // The script is the site's own inline code; happy-dom does not run inline scripts of innerHTML.
    new Function(deferredStartScript)();
  }

  const firstContentfulPaint = () => paintObserver?.({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) }, { disconnect: () => undefined });
  const nextFrames = () => {
    for (let i = 0; i < 2; i++) {
      const pending = frames;
      frames = [];
      for (const f of pending) f();
    }
  };

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    paintObserver = undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof paintObserver) {
          paintObserver = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts the app only once the page has loaded and painted, two frames later', () => {
    run('interactive');
    firstContentfulPaint();
    nextFrames();
    vi.advanceTimersByTime(10);
    expect(added()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(added()).toEqual([]);
    nextFrames();
    vi.advanceTimersByTime(0);
    expect(added()).toEqual(['/assets/HomePage-1.js', '/assets/runtime-3.js', '/assets/index-2.js']);
    const entry = document.head.querySelector('script[type="module"]') as HTMLScriptElement;
    expect(entry.crossOrigin).toBe('');
  });

  it('starts at once on the first key press, touch or click, and only once', () => {
    run('interactive');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(added()).toHaveLength(3);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    window.dispatchEvent(new Event('load'));
    firstContentfulPaint();
    nextFrames();
    vi.advanceTimersByTime(5000);
    expect(added()).toHaveLength(3);
  });

  it('starts at load in a hidden tab, which paints nothing', () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    run('complete');
    expect(added()).toHaveLength(3);
  });

  it('starts two seconds after load when no paint is ever reported', () => {
    run('complete');
    vi.advanceTimersByTime(1999);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()).toHaveLength(3);
  });
});
