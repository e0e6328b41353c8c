/** /quick-checkout: the fallback checkout simulator in card and phone mode, its timings and its watchdog. */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { expectToast, notifications } from './helpers';

async function pauseClock(page: Page) {
  // The installed clock keeps running until paused: aim a full second ahead so the target is never in the past
  // by the time Playwright applies it ("Cannot fast-forward to the past" on a busy machine with +50 ms).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
}

test('the page: title, back button, no-real-payment statement, product and $0.50 total', async ({ page }) => {
  await page.goto('/quick-checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Checkout (Fallback Mode)' })).toBeVisible();
  await expect(page.getByText('no real payment is processed')).toBeVisible();
  // product defaults to ai-agent-prompt, shown by its app's name.
  await expect(page.getByText('AI Agent System Prompt Generator')).toBeVisible();
  await expect(page.getByText('$0.50', { exact: true })).toBeVisible();
  // Without fallback=true there is no 'Alternative checkout' toast.
  await expect(notifications(page)).not.toContainText('Alternative checkout');
  await page.getByRole('link', { name: 'Back to Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
});

test('card mode: missing fields, 2 s processing, success toast, full-page redirect 1 s later', async ({ page }) => {
  await page.clock.install();
  await page.goto('/quick-checkout?product=ai-content-gen&fallback=true');
  await expectToast(page, 'Alternative checkout', 'temporarily unavailable');

  const pay = page.getByRole('button', { name: 'Pay $0.50 (Simulated)' });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expectToast(page, 'Missing information', 'Please complete all required card fields.', 'destructive');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await pay.click();
  await expectToast(page, 'Missing information', undefined, 'destructive');

  await page.getByLabel('CVC').fill('123');
  await pauseClock(page);
  await pay.click();
  const processing = page.getByRole('button', { name: 'Processing...' });
  await expect(processing).toBeDisabled();
  await page.clock.runFor(1900);
  await expect(notifications(page)).not.toContainText('Payment successful! (Simulated)');
  await page.clock.runFor(150);
  await expectToast(page, 'Payment successful! (Simulated)');
  await expect(page).toHaveURL(/\/quick-checkout\?/);

  const navigation = page.waitForURL('**/success?app=ai-content-gen');
  await page.clock.runFor(1000);
  await navigation;
  // A full page load: the success screen records the app behind the provider id.
  await expect(page.getByRole('heading', { name: 'Successful payment!' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('purchasedApps_v1'))).toBe('["ai-content-generator"]');
});

test('phone mode: send code, verify, complete payment, with the toasts for empty fields', async ({ page }) => {
  await page.clock.install();
  await page.goto('/quick-checkout?method=phone');
  const complete = page.getByRole('button', { name: 'Complete Payment' });
  await expect(complete).toBeDisabled();
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send Code' }).click();
  await expectToast(page, 'Phone number required', 'Please enter your phone number to receive the verification code.', 'destructive');
  await expect(page.getByLabel('Verification code')).toHaveCount(0);

  const phone = page.getByLabel('Phone number');
  await phone.fill('+1 555 010 9999');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expectToast(page, 'Verification code sent');
  await expect(phone).not.toBeEditable();
  const code = page.getByLabel('Verification code');
  await expect(code).toBeVisible();

  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Verification code required', 'Please enter the verification code sent to your phone.', 'destructive');
  await expect(complete).toBeDisabled();

  // No format check: any non-empty code is accepted.
  await code.fill('1');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number +1 555 010 9999 verified.')).toBeVisible();
  await expect(page.getByLabel('Phone number')).toHaveCount(0);
  await expect(complete).toBeEnabled();

  await pauseClock(page);
  await complete.click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await page.clock.runFor(2000);
  await expectToast(page, 'Payment successful! (Simulated)');
  const navigation = page.waitForURL('**/success?app=ai-agent-prompt');
  await page.clock.runFor(1000);
  await navigation;
});

test('the 12 s watchdog: processing stops, the message, the yellow note and the Payment Error toast', async ({ page }) => {
  await page.clock.install();
  await page.goto('/quick-checkout?product=ai-support-bot');
  await fillCard(page);
  await pauseClock(page);
  const startedAt = await page.evaluate(() => Date.now());
  await page.getByRole('button', { name: 'Pay $0.50 (Simulated)' }).click();
  // The tab was asleep for 12 s (a laptop lid, a throttled background tab): wall-clock time moved on,
  // the 2 s processing timer has not fired yet.
  await page.clock.setSystemTime(startedAt + 12_000);
  await page.clock.runFor(500);

  await expect(page.getByText('Payment could not be processed at this time. Please try again later or contact support.')).toBeVisible();
  const note = page.getByText('We could not simulate your payment. Please try again later, or contact support if payment issues persist.');
  await expect(note).toBeVisible();
  expect(await note.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(254, 249, 195)');
  await expectToast(page, 'Payment Error', 'Payment processing timed out. Stripe may be unavailable.', 'destructive');
  await expect(page.getByRole('button', { name: 'Pay $0.50 (Simulated)' })).toBeDisabled();

  // Processing has stopped: no success and no redirect later.
  await page.clock.runFor(5000);
  await expect(notifications(page)).not.toContainText('Payment successful! (Simulated)');
  await expect(page).toHaveURL(/\/quick-checkout\?product=ai-support-bot$/);
});

test('no serious accessibility violations in either theme, both modes', async ({ page }) => {
  // No colour transitions: axe must measure the theme's final colours, not a frame in between.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const url of ['/quick-checkout', '/quick-checkout?method=phone']) {
    for (const theme of ['dark', 'light']) {
      // The stored theme is applied before first paint, as for a visitor who chose it earlier.
      await page.goto(url);
      await page.evaluate((t) => window.localStorage.setItem('theme', t), theme);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousA11yViolations(page);
    }
  }
});
