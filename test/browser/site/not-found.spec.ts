/** The 404 page (spec 000_87e5fbf87b6c3f39.txt §2); the router's error page (§8) is in ./navigation.spec.ts. */
import { expect, test } from '@playwright/test';
import { waitForApp } from './support';

test("an unknown path answers 404 with '404', 'Oops! Page not found' and a link home", async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Cadence AI');
  await waitForApp(page);
  await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom AI agents that work while you sleep');
});

test('an unknown path reached inside the app shows the same page', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  // The router listens for popstate once hydration has committed (the app hydrates in a transition, after the
  // first paint), so the navigation is made again until the router has seen it.
  await expect(async () => {
    await page.evaluate(() => {
      history.pushState({}, '', '/missing');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('Oops! Page not found')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('banner')).toBeVisible();
});
