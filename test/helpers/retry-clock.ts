/**
 * Browser tests of reads that fail: the app retries a failed read 3 times, 1 s, 2 s and 4 s apart (spec section
 * 9), so its error only shows after 7 s. Instead of waiting, tests install Playwright's clock before the page
 * loads and jump it ahead until the error shows.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Jumps the page's clock ahead in 2 s steps (each fires the retry wait that is due) until `done` is visible.
 * Steps stay under the 5 s a toast lives, so a toast that `done` names is still there when this returns.
 * `page.clock.install()` must have run before the page loaded.
 */
export async function skipRetryWaits(page: Page, done: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(2000);
    await expect(done).toBeVisible({ timeout: 250 });
  }).toPass({ intervals: [50], timeout: 20_000 });
}
