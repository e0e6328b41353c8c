/** What the account browser tests share: the header, toasts, the account mails' links, signing in by the form. */
import { expect, type Locator, type Page } from '@playwright/test';
import { totpCode } from '../../helpers/cognito';
import { localStack } from '../../helpers/local-stack';
import { waitForMail, type Mail } from '../../helpers/mailbox';

export const toasts = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });
export const header = (page: Page): Locator => page.getByRole('banner');
export const main = (page: Page): Locator => page.getByRole('main');

/** The site path of the one link in an account mail that points at the site (what a mail reader would open). */
export function siteLinkIn(mail: Mail): string {
  const origin = localStack().env.SITE_ORIGIN as string;
  const hrefs = [...(mail.body.html ?? '').matchAll(/<a href="([^"]+)"/g)]
    .map((m) => (m[1] as string).replaceAll('&amp;', '&'))
    .filter((href) => href.startsWith(origin));
  expect(hrefs).toHaveLength(1);
  const url = new URL(hrefs[0] as string);
  return `${url.pathname}${url.search}${url.hash}`;
}

export async function mailLink(to: string, since: number, subject: string): Promise<string> {
  return siteLinkIn(await waitForMail({ to, since, subject, timeoutMs: 15_000 }));
}

export async function expectSignedIn(page: Page): Promise<void> {
  await expect(header(page).getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
}

export async function expectSignedOut(page: Page): Promise<void> {
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'My Profile' })).toHaveCount(0);
}

export function signInPanel(page: Page): Locator {
  return page.getByRole('tabpanel', { name: 'Sign In' });
}

export function signUpPanel(page: Page): Locator {
  return page.getByRole('tabpanel', { name: 'Sign Up' });
}

/** Opens /auth on the Sign Up tab, fills the form and presses Sign Up; answers the panel. */
export async function submitSignUp(page: Page, form: { username: string; email: string; password: string; confirm: string }): Promise<Locator> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const panel = signUpPanel(page);
  await panel.getByLabel('Username').fill(form.username);
  await panel.getByLabel('Email').fill(form.email);
  await panel.getByLabel('Password', { exact: true }).fill(form.password);
  await panel.getByLabel('Confirm Password').fill(form.confirm);
  await panel.getByRole('button', { name: 'Sign Up' }).click();
  return panel;
}

/** Opens /auth, fills the Sign In form and presses Sign In (whatever the answer). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  const panel = signInPanel(page);
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
}

/** The code step of a sign-in (accounts with an authenticator app): the app's current code, then Confirm. */
export async function enterSignInCode(page: Page, totpSecret: string): Promise<void> {
  const panel = signInPanel(page);
  await panel.getByLabel('Authenticator code').fill(totpCode(totpSecret));
  await panel.getByRole('button', { name: 'Confirm' }).click();
}

/** Signs in through /auth (with the authenticator app's code when the account has one) and waits for the landing on /. */
export async function signInByForm(page: Page, email: string, password: string, totpSecret?: string): Promise<void> {
  await submitSignIn(page, email, password);
  if (totpSecret) await enterSignInCode(page, totpSecret);
  await expect(toasts(page)).toContainText('Login successful!');
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
}

/** The refresh token Amplify keeps for the signed-in user in this browser. */
export async function storedRefreshToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.refreshToken')) return localStorage.getItem(key);
    }
    return null;
  });
  expect(token).toBeTruthy();
  return token as string;
}
