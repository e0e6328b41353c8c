/**
 * Theme (spec 000_87e5fbf87b6c3f39.txt §2 and 4): dark by default and written on first load, toggled from the header, remembered
 * across reloads, and applied before the app's code runs (no flash of the wrong theme).
 */
import { expect, test, type Page } from '@playwright/test';
import { marketingRoutes, storeTheme, waitForApp, type Theme } from './support';

const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const DARK_BG = 'rgb(11, 17, 32)';
const LIGHT_BG = 'rgb(248, 250, 252)';

test('a first visit is dark and stores "dark" under the key theme', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  expect(await bodyBackground(page)).toBe(DARK_BG);
});

test('the header toggle switches theme, and the choice survives a reload', async ({ page }) => {
  await page.goto('/services');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  expect(await bodyBackground(page)).toBe(LIGHT_BG);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(await bodyBackground(page)).toBe(LIGHT_BG);

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a stored light theme is applied before any of the app code runs', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  // Hold back every script file: only the HTML (with its inline theme script) and CSS arrive.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await bodyBackground(page)).toBe(LIGHT_BG);
});

test('the first paint of a light-theme visitor is already light', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  // Record the body background at the first frame in which the body exists, before scripts or hydration.
  await page.addInitScript(() => {
    const record = () => {
      if (!document.body) return requestAnimationFrame(record);
      (window as unknown as { firstBg: string }).firstBg = getComputedStyle(document.body).backgroundColor;
    };
    requestAnimationFrame(record);
  });
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { firstBg?: string }).firstBg !== undefined);
  expect(await page.evaluate(() => (window as unknown as { firstBg: string }).firstBg)).toBe(LIGHT_BG);
});

/**
 * Screenshots decoded in a blank page of the same browser (the site's content security policy is not there): the
 * RGB values of each, or, given `differingBy`, how many pixels of the first two differ by more than that in a colour
 * channel (counted there: a whole screen's values are too many to send back).
 */
async function decoded(page: Page, pngs: Buffer[], differingBy?: number): Promise<number[][] | number> {
  const decoder = await page.context().newPage();
  try {
    return await decoder.evaluate(
      async ({ images, levels }) => {
        const rgb = await Promise.all(
          images.map(async (base64) => {
            const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
            const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), { colorSpaceConversion: 'none' });
            const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
            context.drawImage(bitmap, 0, 0);
            return Array.from(context.getImageData(0, 0, bitmap.width, bitmap.height).data).filter((_, i) => i % 4 !== 3);
          }),
        );
        if (levels === undefined) return rgb;
        const [x, y] = rgb as [number[], number[]];
        let differing = 0;
        for (let i = 0; i < x.length; i += 3) {
          if (Math.max(Math.abs(x[i]! - y[i]!), Math.abs(x[i + 1]! - y[i + 1]!), Math.abs(x[i + 2]! - y[i + 2]!)) > levels) differing++;
        }
        return differing;
      },
      { images: pngs.map((png) => png.toString('base64')), levels: differingBy },
    );
  } finally {
    await decoder.close();
  }
}

/** The RGB values of a part of the page as the browser drew it. */
async function drawn(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number[]> {
  return ((await decoded(page, [await page.screenshot({ clip })])) as number[][])[0]!;
}

/** How many pixels of two screenshots of the same size differ by more than `levels` in a colour channel. */
const pixelsDiffering = async (page: Page, a: Buffer, b: Buffer, levels: number) => (await decoded(page, [a, b], levels)) as number;

const largestDifference = (a: number[], b: number[]) => a.reduce((max, value, i) => Math.max(max, Math.abs(value - b[i]!)), 0);

/**
 * The glow is drawn apart from the hero (components.css, .glow: one layer per theme, the other kept out of sight).
 * What a visitor sees must still be the theme's glow alone over the theme's background: the reference is that same
 * glow (the token) painted as a plain background over the hero's box, and the comparison is of the hero's top
 * padding across the page, where nothing but the background and the glow is drawn.
 */
async function expectThemeGlow(page: Page, theme: Theme): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  const box = (await page.getByRole('region', { name: marketingRoutes[0].heading }).boundingBox())!;
  const strip = { x: 0, y: box.y + 4, width: box.width, height: 32 };
  const hero = await drawn(page, strip);
  await page.evaluate(
    ({ box, token }) => {
      const reference = document.createElement('div');
      reference.id = 'glow-reference';
      for (const [name, value] of Object.entries({
        position: 'absolute',
        left: `${box.x + scrollX}px`,
        top: `${box.y + scrollY}px`,
        width: `${box.width}px`,
        height: `${box.height}px`,
        'z-index': '100',
        background: `var(${token}), var(--bg)`,
      }))
        reference.style.setProperty(name, value);
      document.body.append(reference);
    },
    { box, token: theme === 'dark' ? '--glow-dark' : '--glow-light' },
  );
  const reference = await drawn(page, strip);
  await page.evaluate(() => document.getElementById('glow-reference')?.remove());
  // There is a glow to compare: at four fifths of the width of the strip's first row (where the glow is strongest)
  // the colour is not the left edge's.
  const pixel = (x: number) => reference.slice(x * 3, x * 3 + 3);
  expect(largestDifference(pixel(0), pixel(Math.floor(strip.width * 0.8)))).toBeGreaterThan(8);
  expect(largestDifference(hero, reference), `the ${theme} hero's glow`).toBeLessThanOrEqual(3);
}

for (const start of ['dark', 'light'] as const) {
  const other = start === 'dark' ? 'light' : 'dark';
  test(`the glow behind the hero is the ${start} theme's on a page loaded in it, and the ${other} theme's after a switch`, async ({ page }) => {
    await storeTheme(page, start);
    await page.goto(marketingRoutes[0].path);
    await waitForApp(page);
    await expectThemeGlow(page, start);
    await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
    await expectThemeGlow(page, other);
  });
}

/**
 * A switch gives the blocks on screen the new theme first and <html> a frame later (stores/theme.ts), so that the
 * frame showing the switch restyles what the visitor sees and not the whole page. That frame must already be the
 * finished switch on screen: the page is held in it (the animation frames that finish the switch are kept back),
 * drawn, then let finish and drawn again, and the two pictures must agree.
 */
for (const { path, scrollY } of [
  { path: '/', scrollY: 0 },
  { path: '/', scrollY: 2300 },
  { path: '/contact', scrollY: 0 },
]) {
  for (const start of ['dark', 'light'] as const) {
    const other = start === 'dark' ? 'light' : 'dark';
    test(`the frame showing a switch from ${start} to ${other} on ${path} scrolled to ${scrollY} px is the finished switch on screen`, async ({ page }) => {
      await storeTheme(page, start);
      await page.goto(path);
      await waitForApp(page);
      await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      const viewport = page.viewportSize()!;
      const screen = { x: 0, y: 0, width: viewport.width, height: viewport.height };
      await page.evaluate(() => {
        const w = window as unknown as { held: FrameRequestCallback[]; original: typeof requestAnimationFrame; requestAnimationFrame: (cb: FrameRequestCallback) => number };
        w.held = [];
        w.original = w.requestAnimationFrame;
        w.requestAnimationFrame = (callback) => (w.held.push(callback), 0);
      });
      await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
      // Held in the switch's first frame: <html> keeps the old theme, the blocks on screen have the new one.
      await expect(page.locator('html')).toHaveAttribute('data-theme', start);
      await expect(page.locator('html')).toHaveAttribute('data-theme-next', other);
      expect(await page.locator(`main [data-theme="${other}"], header[data-theme="${other}"]`).count()).toBeGreaterThan(0);
      const first = await page.screenshot({ clip: screen });
      await page.evaluate(() => {
        const w = window as unknown as { held: FrameRequestCallback[]; original: typeof requestAnimationFrame; requestAnimationFrame: typeof requestAnimationFrame };
        w.requestAnimationFrame = w.original;
        for (const callback of w.held.splice(0)) callback(performance.now());
      });
      await expect(page.locator('html')).toHaveAttribute('data-theme', other);
      await expect(page.locator('html')).not.toHaveAttribute('data-theme-next', /./);
      await expect(page.locator('[data-theme]:not(html)')).toHaveCount(0);
      const finished = await page.screenshot({ clip: screen });
      // A few pixels of text may be antialiased differently (Home's hero: 6 pixels by up to 18 levels), as the layer
      // under the page holds the background in the first frame and nothing after; a block or a background left in the
      // old theme differs by far more (the page's background alone: every pixel of it, by over 200 levels).
      const differing = await pixelsDiffering(page, first, finished, 3);
      expect(differing, 'pixels of the switch held in its first frame that differ from the finished switch').toBeLessThanOrEqual((screen.width * screen.height) / 5000);
    });
  }
}
