/**
 * Badges read as the spec writes them (issue 21, item 6): what the visitor sees (rendered text, after CSS) is
 * 'Selected' on the chosen marketplace card, 'MOST POPULAR' on the package card, and each app's category as the
 * catalogue names it. A text-transform on the shared badge style once showed "SELECTED".
 */
import { expect, test } from '@playwright/test';
import { marketplaceApps } from '@shared/content/catalogue';

test('the chosen card says Selected, as written, and the categories read as the catalogue names them', async ({ page }) => {
  await page.goto('/marketplace');
  const chosen = page.getByRole('article', { name: 'AI Agent System Prompt Generator' });
  await expect(chosen.getByText('Selected', { exact: true })).toBeVisible();
  // innerText is what is rendered (it applies text-transform); textContent would not see the difference.
  await expect(chosen.locator('.badge')).toHaveText('Selected', { useInnerText: true });
  for (const app of marketplaceApps) {
    await expect(page.getByRole('article', { name: app.name }).locator('.app-category')).toHaveText(app.category, { useInnerText: true });
  }
});

for (const path of ['/', '/services']) {
  test(`the package card on ${path} says MOST POPULAR, as written`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('.pricing-card .badge')).toHaveText('MOST POPULAR', { useInnerText: true });
  });
}
