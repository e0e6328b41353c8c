/** For browser tests and benchmarks: when React has taken over a prerendered page. */
import type { Page } from '@playwright/test';

/** Waits until React has hydrated the page: its root element carries React's container key. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
}
