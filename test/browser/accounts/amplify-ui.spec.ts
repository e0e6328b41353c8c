/**
 * The account screens are built on Amplify UI's components (tabs, fields, password switch, buttons, alerts),
 * themed to the site in both themes, and only those screens load Amplify UI.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConfirmedUser } from '../../helpers/cognito';
import { main, signInByForm, signInPanel, signUpPanel } from './support';

/** The colour a CSS custom property of the site resolves to, as the browser computes colours. */
async function siteColour(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);
}

async function expectAmplifyField(field: Locator): Promise<void> {
  await expect(field.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " amplify-field ")][1]')).toHaveCount(1);
  await expect(field).toHaveClass(/\bamplify-input\b/);
}

test('/auth: Amplify UI tabs, fields and buttons; field errors through the field; the password switch shows and hides', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tablist')).toHaveClass(/\bamplify-tabs__list\b/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveClass(/\bamplify-tabs__item\b/);
  await expect(signInPanel(page)).toHaveClass(/\bamplify-tabs__panel\b/);
  await expectAmplifyField(signInPanel(page).getByLabel('Email'));
  await expectAmplifyField(signInPanel(page).getByLabel('Password'));
  await expect(signInPanel(page).getByRole('button', { name: 'Sign In' })).toHaveClass(/\bamplify-button--primary\b/);
  await expect(signInPanel(page).getByRole('button', { name: 'Forgot Password?' })).toHaveClass(/\bamplify-button--link\b/);

  // The schema's message is Amplify's error message of the field, tied to the input.
  await signInPanel(page).getByRole('button', { name: 'Sign In' }).click();
  const password = signInPanel(page).getByLabel('Password');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Password must be at least 6 characters');
  await expect(signInPanel(page).locator('.amplify-field__error-message')).toContainText(['Password must be at least 6 characters']);

  await password.fill('secret-pass');
  const reveal = signInPanel(page).getByRole('switch', { name: 'Show' });
  await expect(password).toHaveAttribute('type', 'password');
  await reveal.click();
  await expect(reveal).toHaveAttribute('aria-checked', 'true');
  await expect(password).toHaveAttribute('type', 'text');
  await reveal.press('Enter');
  await expect(password).toHaveAttribute('type', 'password');

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expectAmplifyField(signUpPanel(page).getByLabel('Username'));
  await expect(signUpPanel(page).getByLabel('Password', { exact: true })).toHaveAccessibleDescription('At least 6 characters.');
  await expect(signUpPanel(page).getByRole('switch', { name: 'Show' })).toHaveCount(2);

  await page.getByRole('tab', { name: 'Sign In' }).click();
  await signInPanel(page).getByRole('button', { name: 'Forgot Password?' }).click();
  const reset = page.getByRole('region', { name: 'Reset Password' });
  await expectAmplifyField(reset.getByLabel('Email'));
  await expect(reset.getByRole('button', { name: 'Send Reset Link' })).toHaveClass(/\bamplify-button\b/);
});

test('/update-password and /profile: Amplify UI fields and buttons', async ({ page }) => {
  await page.goto('/update-password#type=recovery&email=a%40example.com&code=123456');
  await expectAmplifyField(main(page).getByLabel('New password', { exact: true }));
  await expectAmplifyField(main(page).getByLabel('Confirm new password'));
  await expect(main(page).getByRole('button', { name: 'Update Password' })).toHaveClass(/\bamplify-button--primary\b/);
  await page.goto('/update-password');
  await expect(main(page).getByRole('link', { name: 'Return to Login' })).toHaveClass(/\bamplify-button\b/);

  const user = await createConfirmedUser({ username: 'amplified' });
  await signInByForm(page, user.email, user.password);
  await page.goto('/profile');
  await expect(main(page).getByLabel('Username')).toHaveValue('amplified');
  await expectAmplifyField(main(page).getByLabel('Username'));
  await expectAmplifyField(main(page).getByLabel('Current password'));
  for (const name of ['Update Profile', 'Update Password', 'Sign Out']) {
    await expect(main(page).getByRole('button', { name })).toHaveClass(/\bamplify-button\b/);
  }
});

for (const theme of ['dark', 'light'] as const) {
  test(`${theme} theme: Amplify UI takes the site's colours`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const email = signInPanel(page).getByLabel('Email');
    await expect(email).toHaveCSS('color', await siteColour(page, '--text'));
    await expect(signInPanel(page).getByRole('button', { name: 'Sign In' })).toHaveCSS('background-color', await siteColour(page, '--accent'));
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveCSS('color', await siteColour(page, '--accent'));
  });
}

test('Home loads no Amplify UI; /auth brings it in the same visit', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const amplifyStyles = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--amplify-colors-font-primary'));
  expect(amplifyStyles).toBe('');
  expect(await page.locator('[class*="amplify-"]').count()).toBe(0);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.locator('.amplify-tabs')).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--amplify-colors-font-primary')))
    .not.toBe('');
});
