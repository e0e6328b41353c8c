/**
 * A page's sections below its first, and the footer, are skipped in rendering while off screen (web/src/app/offscreen.ts,
 * `data-skippable` in web/src/styles/layout.css), so a theme switch restyles and repaints what is on screen only.
 * What a visitor would notice if that went wrong: a page of another height (sections at a guessed size, every
 * position below them moved, a restored scroll landing elsewhere), a section on screen blinking empty, or a section
 * still in the old theme when scrolled to.
 */
import { expect, type Page, test } from '@playwright/test';
import { waitForApp } from './support';

test.use({ viewport: { width: 1280, height: 800 }, bypassCSP: true });

/** The page's height and each section's top and height (the footer's last). */
const geometry = (page: Page) =>
  page.evaluate(() => [
    document.documentElement.scrollHeight,
    ...[...document.querySelectorAll('main > section, .site-footer')].map((e) => {
      const box = e.getBoundingClientRect();
      return `${Math.round(box.top + window.scrollY)}+${Math.round(box.height)}`;
    }),
  ]);

/** The same page laid out with nothing skipped (the reference every skipped section's size must match). */
async function geometryWithNothingSkipped(page: Page) {
  const style = await page.addStyleTag({ content: '[data-skippable] { content-visibility: visible !important; }' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const reference = await geometry(page);
  await style.evaluate((element) => element.parentNode?.removeChild(element));
  return reference;
}

/** Each section's (and the footer's) `content-visibility`, in page order. */
const visibility = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('main > section, .site-footer')].map((e) => getComputedStyle(e).contentVisibility));

/** What each section's `content-visibility` should be with the page at its top: skipped only if off screen. */
const expectedAtTop = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main > section, .site-footer')].map((e, i) => {
      const box = e.getBoundingClientRect();
      return i > 0 && (box.top >= window.innerHeight || box.bottom <= 0) ? 'auto' : 'visible';
    }),
  );

/** Whether the footer's contents are rendered now (false while the footer is skipped). */
const footerRendered = (page: Page) =>
  page.locator('.site-footer h2').first().evaluate((h) => h.checkVisibility({ contentVisibilityAuto: true }));

/** Records every layout shift from the page's start (a section blinking empty and back is one). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
    new PerformanceObserver((list) => list.getEntries().forEach((e) => shifts.push((e as unknown as { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}

test("Home's sections off screen are skipped at their real sizes; the ones on screen are not touched", async ({ page }) => {
  const shifts = await recordShifts(page);
  await page.goto('/');
  await waitForApp(page);
  // The hero and the top of the next section are on screen (726 px down an 800 px screen here); the rest is not.
  const expected = await expectedAtTop(page);
  expect(expected.filter((v) => v === 'auto').length, 'some sections are off screen').toBeGreaterThan(2);
  await expect.poll(() => visibility(page)).toEqual(expected);
  expect(await footerRendered(page), 'the footer, off screen, is skipped').toBe(false);
  expect(await geometry(page)).toEqual(await geometryWithNothingSkipped(page));
  expect(await shifts(), 'nothing on screen moved or blinked').toEqual([]);

  // A section scrolled out of view is skipped from then on.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(async () => (await visibility(page))[1]).toBe('auto');
});

test('a page opened from a link has its sections off screen skipped at their real sizes too', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI agents, set up and supported end to end');
  const expected = await expectedAtTop(page);
  expect(expected.filter((v) => v === 'auto').length, 'some sections are off screen').toBeGreaterThan(2);
  await expect.poll(() => visibility(page)).toEqual(expected);
  expect(await geometry(page)).toEqual(await geometryWithNothingSkipped(page));
});

test('a theme switch reaches the sections skipped off screen', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await expect.poll(() => footerRendered(page)).toBe(false);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.locator('.site-footer').scrollIntoViewIfNeeded();
  await expect.poll(() => footerRendered(page)).toBe(true);

  // The footer as painted, not as computed: a pixel of its background (its light surface, #fff; dark is #111a2e).
  const shot = await page.locator('.site-footer').screenshot();
  const pixel = await page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(4, 8, 1, 1).data.slice(0, 3));
  }, shot.toString('base64'));
  expect(pixel).toEqual([255, 255, 255]);
});
