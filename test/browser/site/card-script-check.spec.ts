/**
 * spec 000_87e5fbf87b6c3f39.txt §7 ("Other"), timing in section 9: three seconds after load the app checks whether the card payment
 * provider's script has loaded and only logs a console message. The site never loads Stripe.js (checkout is a
 * redirect), so the message says it is not loaded, and nothing else happens.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, waitForApp } from './support';

const hydrated = (page: Page) => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));

test('three seconds after load the app logs whether the card provider script is loaded, and only that', async ({ page }) => {
  const errors = collectErrors(page);
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('Card payments:')) messages.push(`${m.type()}: ${m.text()}`);
  });
  // Time stands still from before load (pausing after load would race the 3 s timer on a busy machine).
  const start = new Date('2026-03-02T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto('/');
  await page.waitForFunction(() => document.readyState === 'complete');
  // Frames and timers come from the clock, so it moves on a frame at a time (with a moment of real time for the
  // page) until the app has hydrated.
  let elapsed = 0;
  while (!(await hydrated(page)) && elapsed < 2000) {
    await page.clock.runFor(20);
    elapsed += 20;
    await page.waitForTimeout(20);
  }
  await waitForApp(page);
  await page.clock.runFor(2900 - elapsed);
  expect(messages).toEqual([]);
  await page.clock.runFor(200);
  await expect.poll(() => messages).toEqual(['info: Card payments: the Stripe.js script is not loaded. Checkout opens Stripe\u2019s hosted page, which does not need it.']);
  await expect(page.getByRole('heading', { level: 1, name: 'Custom AI agents that work while you sleep' })).toBeVisible();
  expect(errors).toEqual([]);
});
