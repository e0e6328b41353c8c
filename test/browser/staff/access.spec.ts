/**
 * Who sees the console: the header's "Staff" link (to the overview) only for members of the staff group; a new member is guided
 * through setting up an authenticator app before the console opens, and signs in with its code from then on; a
 * signed-in visitor who opens /staff reads that it is for staff only, an anonymous one is sent to sign in.
 */
import { expect, test } from '@playwright/test';
import { URI } from 'otpauth';
import { brand } from '@shared/content/brand';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { createConfirmedUser, totpCode } from '../../helpers/cognito';
import { createStaffMember } from '../../helpers/staff';
import { expectSignedIn, expectSignedOut, header, signInByForm, signInPanel, submitSignIn, toasts } from '../accounts/support';
import { main, signInAsStaff, tabTo } from './support';
import { storeTheme } from '../site/support';

test('a member of the staff group sees the Staff link, lands on the overview and reaches the inbox', async ({ page }) => {
  await signInAsStaff(page);
  await header(page).getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Leads inbox' }).click();
  await expect(page).toHaveURL(/\/staff\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads inbox' })).toBeVisible();
});

test('a new member sets up an authenticator app before the console opens (both themes, 360 px, keyboard only), then signs in with its code', async ({ page }) => {
  await storeTheme(page, 'dark');
  const member = await createStaffMember({ secondFactor: false });
  await signInByForm(page, member.email, member.password);
  await page.goto('/staff');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
  const qr = main(page).getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(main(page).getByRole('heading', { name: 'Overview' })).toHaveCount(0);
  // The key shown, the QR code's and the phone link's otpauth address name one secret, for this site and member.
  const secret = (await main(page).getByLabel('Setup key').inputValue()).replaceAll(' ', '');
  const uri = URI.parse((await main(page).getByRole('link', { name: 'open the setup in the app' }).getAttribute('href')) ?? '');
  expect({ secret: uri.secret.base32, label: uri.label, issuer: uri.issuer }).toEqual({ secret, label: member.email, issuer: brand.name });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // By keyboard alone: a wrong code is refused and the field keeps the focus; the right one turns the app on.
  await tabTo(page, 'Authenticator code');
  await page.keyboard.type('000000' === totpCode(secret) ? '111111' : '000000');
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText('That code is not right.');
  await expect(main(page).getByLabel('Authenticator code')).toBeFocused();
  await page.keyboard.type(totpCode(secret));
  await page.keyboard.press('Enter');
  // Turned on: every session is ended, and the next sign-in asks for the app's code.
  await expect(toasts(page)).toContainText('Authenticator app set up');
  await expect(page).toHaveURL(/\/auth$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectSignedOut(page);

  await submitSignIn(page, member.email, member.password);
  await expect(signInPanel(page).getByLabel('Authenticator code')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.type(totpCode(secret));
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText('Login successful!');
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
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
