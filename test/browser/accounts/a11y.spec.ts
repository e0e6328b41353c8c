/** axe (WCAG 2.x A/AA) on the account screens in both themes, with their messages showing. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser } from '../../helpers/cognito';
import { main, signInByForm, signInPanel } from './support';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    });

    test('/auth: sign-in with errors, sign-up, reset', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await signInPanel(page).getByRole('button', { name: 'Sign In' }).click();
      await expect(signInPanel(page).getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByRole('tabpanel', { name: 'Sign Up' }).getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('tab', { name: 'Sign In' }).click();
      await signInPanel(page).getByRole('button', { name: 'Forgot Password?' }).click();
      await expectNoSeriousViolations(page);
    });

    test('/update-password: valid and invalid link', async ({ page }) => {
      await page.goto('/update-password#type=recovery&email=a%40example.com&code=123456');
      await main(page).getByRole('button', { name: 'Update Password' }).click();
      await expect(main(page).getByText('Confirm password must be at least 6 characters')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.goto('/update-password');
      await expect(main(page).getByText('This password reset link is invalid or has expired.')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('/profile', async ({ page }) => {
      const user = await createConfirmedUser({ username: `axe_${theme}` });
      await signInByForm(page, user.email, user.password);
      await page.goto('/profile');
      await expect(main(page).getByLabel('Username')).toHaveValue(`axe_${theme}`);
      await main(page).getByRole('button', { name: 'Update Password' }).click();
      await expect(main(page).getByText('Please enter your current password')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
