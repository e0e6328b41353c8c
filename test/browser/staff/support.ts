/** What the staff console's browser tests share: a staff member signed in through /auth, the console's parts. */
import { expect, type Locator, type Page } from '@playwright/test';
import { createStaffMember, type StaffMember } from '../../helpers/staff';
import { signInByForm } from '../accounts/support';

/** A new member of the staff group with an authenticator app, signed in through the form with its code; answers the member. */
export async function signInAsStaff(page: Page): Promise<StaffMember> {
  const staff = await createStaffMember();
  await signInByForm(page, staff.email, staff.password, staff.totpSecret);
  return staff;
}

export const main = (page: Page): Locator => page.getByRole('main');
export const inboxTable = (page: Page): Locator => main(page).getByRole('table');
export const toasts = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });

/** The inbox searched for `words` (Apply filters). */
export async function searchInbox(page: Page, words: string): Promise<void> {
  await main(page).getByLabel('Search').fill(words);
  await main(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(words).replace(/%20/g, '\\+')}`));
}

/** A row of the delivery log, by its delivery's label. */
export function deliveryRow(page: Page, label: string): Locator {
  return main(page).getByRole('table').getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${label}`) }) });
}

/** Presses Tab until the focused element has this accessible text. */
export async function tabTo(page: Page, name: string | RegExp, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const labelled = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : undefined;
      return el?.getAttribute('aria-label') || labelled || el?.textContent?.trim() || '';
    });
    if (typeof name === 'string' ? label === name : name.test(label)) return;
  }
  throw new Error(`could not reach ${String(name)} with Tab`);
}
