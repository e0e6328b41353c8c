/** The Services page's 'Buy Now' for the AI agent package (the marketplace feature's button in that page). */
import { expect, test } from '@playwright/test';
import { waitForApp } from '../site/support';

test('Buy Now asks create-payment for the package and opens the checkout in a new tab', async ({ page, context }) => {
  const requests: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/create-payment')) requests.push(r.postDataJSON());
  });
  await page.goto('/services');
  // A click before React has taken over the prerendered page does nothing (as for any visitor that fast).
  await waitForApp(page);
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const tab = await popup;
  // Stripe is not configured in the local stack: the fallback checkout, for the package's product id.
  await tab.waitForURL('**/quick-checkout?product=ai-agent&fallback=true');
  await expect(tab.getByRole('heading', { name: 'Quick Checkout (Fallback Mode)' })).toBeVisible();
  expect(requests).toEqual([{ type: 'services', productId: 'ai-agent', appName: 'AI Agent Package' }]);
});
