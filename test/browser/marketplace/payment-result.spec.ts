/** /success, /payment-success, /cancel, /payment-canceled, and the purchase memory across tabs. */
import { expect, test, type Page } from '@playwright/test';
import { card, expectToast } from './helpers';

const purchased = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('purchasedApps_v1') ?? '[]') as string[]);

/**
 * Freezes page time before the page loads, so the 5 s redirect timer only fires when the test advances the
 * clock. (Pausing after load raced the timer: on a busy machine the page had already redirected.)
 */
async function freezeClockBeforeLoad(page: Page) {
  const start = new Date('2026-01-05T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

test('success: records the default app, says so, and returns to the marketplace after 5 seconds', async ({ page }) => {
  await freezeClockBeforeLoad(page);
  await page.goto('/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Successful payment!' })).toBeVisible();
  await expectToast(page, 'Successful payment!');
  await expect(page.getByText('Redirecting in 5 seconds...')).toBeVisible();
  expect(await purchased(page)).toEqual(['ai-system-prompt-generator']);

  await page.clock.runFor(4000);
  await expect(page).toHaveURL(/\/success$/);
  await page.clock.runFor(1100);
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(card(page, 'AI Agent System Prompt Generator').getByRole('button', { name: 'Get prompt' })).toBeVisible();
  await expect(card(page, 'AI Content Generator').getByRole('button', { name: 'Buy Now' })).toBeVisible();
});

test('/payment-success accepts a provider product id and records the matching app once', async ({ page }) => {
  await page.goto('/payment-success?app=ai-agent-prompt');
  await expect(page.getByRole('heading', { name: 'Successful payment!' })).toBeVisible();
  await page.goto('/success?app=ai-content-generator&session_id=cs_test_abc123');
  await expect(page.getByRole('heading', { name: 'Successful payment!' })).toBeVisible();
  await page.goto('/success?app=ai-system-prompt-generator');
  await expect(page.getByRole('heading', { name: 'Successful payment!' })).toBeVisible();
  expect(await purchased(page)).toEqual(['ai-system-prompt-generator', 'ai-content-generator']);
  // The Stripe session is kept for the prompt API.
  expect(await page.evaluate(() => window.localStorage.getItem('purchaseSessions_v1'))).toBe('{"ai-content-generator":"cs_test_abc123"}');
});

test('purchases made in another tab appear without a reload', async ({ page, context }) => {
  await page.goto('/marketplace');
  const supportCard = card(page, 'AI Customer Support Bot');
  await expect(supportCard.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/success?app=ai-support-bot');
  await expect(other.getByRole('heading', { name: 'Successful payment!' })).toBeVisible();
  await expect(supportCard.getByRole('button', { name: 'Get prompt' })).toBeVisible();
  await expect(card(page, 'AI Content Generator').getByRole('button', { name: 'Buy Now' })).toBeVisible();
  await other.close();
});

for (const path of ['/cancel', '/payment-canceled']) {
  test(`${path}: the canceled payment, with Contact Support and Back to Services`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeVisible();
    const message = 'Your payment has been canceled. Please try again or contact us for assistance.';
    await expect(page.getByRole('main').getByText(message)).toBeVisible();
    await expectToast(page, 'Payment Canceled', message, 'destructive');
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/services');
    await page.getByRole('link', { name: 'Back to Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
  });
}
