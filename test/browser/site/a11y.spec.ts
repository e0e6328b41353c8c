/** axe (WCAG 2.x A/AA) finds no serious or critical violation on the site's pages, in both themes. */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, prerenderedRoutes, storeTheme, waitForApp, type Theme } from './support';

for (const theme of ['dark', 'light'] as Theme[]) {
  test.describe(`${theme} theme`, () => {
    for (const path of [...prerenderedRoutes, '/no/such/page']) {
      test(`${path}`, async ({ page }) => {
        await storeTheme(page, theme);
        await page.goto(path);
        await waitForApp(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        if (path === '/') await expect(page.locator('.hero-visual')).toHaveAttribute('data-state', 'loaded');
        await expectNoSeriousA11yViolations(page);
      });
    }

    test.describe('narrow screen with the menu open', () => {
      test.use({ viewport: { width: 390, height: 844 } });
      test('/', async ({ page }) => {
        await storeTheme(page, theme);
        await page.goto('/');
        await waitForApp(page);
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.locator('#site-nav')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    });

    test('hero image failed: the fallback card', async ({ page }) => {
      await storeTheme(page, theme);
      await page.route(/hero-dashboard-[\w-]+\.svg/, (route) => route.abort());
      await page.goto('/');
      await expect(page.getByText('Your AI team, on call')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
