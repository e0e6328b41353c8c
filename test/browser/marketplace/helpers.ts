/** Shared steps of the marketplace browser tests. */
import { expect, type Page } from '@playwright/test';

/** The toast area (one toast at a time): ordinary toasts in its status region, destructive ones in its alert. */
export const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

export async function expectToast(page: Page, title: string, description?: string, variant: 'default' | 'destructive' = 'default') {
  const region = notifications(page).getByRole(variant === 'destructive' ? 'alert' : 'status');
  await expect(region).toContainText(title);
  if (description) await expect(region).toContainText(description);
}

/** An app's card in the 'Available Apps' grid. */
export const card = (page: Page, name: string) => page.getByRole('article', { name });

/** Marks apps as bought the way the success screen does. */
export async function rememberPurchases(page: Page, ids: string[]) {
  await page.addInitScript((value) => window.localStorage.setItem('purchasedApps_v1', value), JSON.stringify(ids));
}
