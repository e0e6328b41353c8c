/**
 * Theme (spec 000_87e5fbf87b6c3f39.txt §2 and 4): dark by default and written on first load, toggled from the header, remembered
 * across reloads, and applied before the app's code runs (no flash of the wrong theme).
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './support';

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
