/**
 * Toasts in the running site (spec 000_87e5fbf87b6c3f39.txt §4 and 9), triggered by screens that raise them: the payment cancel
 * screen (destructive) and the payment success screen. One visible at a time, in a labelled live region, gone
 * after 5 seconds, dismissable.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './support';

/** A client-side navigation, as a link inside the app would do it. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a new toast replaces the one on screen; destructive ones are alerts, others polite status messages', async ({ page }) => {
  await page.goto('/cancel');
  await waitForApp(page);
  const region = page.getByRole('region', { name: 'Notifications' });
  await expect(region.getByRole('alert')).toContainText('Payment Canceled');
  await expect(region.locator('.toast')).toHaveCount(1);

  await navigateInApp(page, '/success?app=ai-content-generator');
  await expect(region.getByRole('status')).toContainText('Successful payment!');
  await expect(region.locator('.toast')).toHaveCount(1);
  await expect(region.getByText('Payment Canceled')).toHaveCount(0);
  await expect(region.getByRole('alert')).toBeEmpty();
});

test('a toast can be dismissed and otherwise leaves after 5 seconds', async ({ page }) => {
  // Time stands still from before load and moves only when told, so a busy machine cannot eat into the 5 s.
  const start = new Date('2026-03-02T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto('/payment-canceled');
  await waitForApp(page);
  const region = page.getByRole('region', { name: 'Notifications' });
  await expect(region.getByText('Payment Canceled')).toBeVisible();
  await region.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(region.locator('.toast')).toHaveCount(0);

  await page.goto('/payment-canceled');
  await waitForApp(page);
  await expect(region.getByText('Payment Canceled')).toBeVisible();
  await page.clock.runFor(4_900);
  await expect(region.getByText('Payment Canceled')).toBeVisible();
  await page.clock.runFor(200);
  await expect(region.getByText('Payment Canceled')).toBeHidden();
});
