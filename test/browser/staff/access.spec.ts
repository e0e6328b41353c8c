/**
 * Who sees the console: the header's "Staff" link (to the overview) only for members of the staff group; a signed-in visitor who
 * opens /staff reads that it is for staff only, an anonymous one is sent to sign in.
 */
import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../../helpers/cognito';
import { expectSignedIn, header, signInByForm } from '../accounts/support';
import { signInAsStaff } from './support';

test('a member of the staff group sees the Staff link, lands on the overview and reaches the inbox', async ({ page }) => {
  await signInAsStaff(page);
  await header(page).getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Leads inbox' }).click();
  await expect(page).toHaveURL(/\/staff\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads inbox' })).toBeVisible();
});

test('a signed-in visitor has no Staff link, and /staff tells them it is for staff only', async ({ page }) => {
  const visitor = await createConfirmedUser();
  await signInByForm(page, visitor.email, visitor.password);
  await expectSignedIn(page);
  await expect(header(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('an anonymous visitor who opens /staff is sent to sign in', async ({ page }) => {
  await page.goto('/staff/people');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(header(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
});
