/** Every control of the shell and the marketing pages works from the keyboard, with a visible focus. */
import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './support';

async function tabTo(page: Page, name: string | RegExp, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('aria-label') || el?.textContent?.trim() || '';
    });
    if (typeof name === 'string' ? label === name : name.test(label)) return;
  }
  throw new Error(`could not reach ${name} with Tab`);
}

test('the skip link comes first and jumps to the main content', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Book a Free Demo' })).toBeFocused();
});

test('focus is visible on links and buttons', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await tabTo(page, 'Services');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).toBe('solid');
  await tabTo(page, /Switch to (light|dark) theme/);
  expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe('solid');
});

test('theme toggle, Get Started and the demo button work with Enter', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await tabTo(page, 'Switch to light theme');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await tabTo(page, 'Get Started');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Why businesses choose us' })).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

  await page.getByRole('button', { name: 'Book a Free Demo' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
});

test.describe('narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the menu opens with Enter, its links follow in tab order, Escape closes it', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await tabTo(page, 'Menu');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/services');
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test('FAQ answers open and close with Enter and Space', async ({ page }) => {
  await page.goto('/contact');
  await waitForApp(page);
  const question = page.locator('summary').filter({ hasText: 'What does the AI agent package cost?' });
  const answer = page.getByText(/\$800 one-time setup, then \$200 per month per agent/);
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();
});
