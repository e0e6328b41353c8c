/**
 * Prerendered forms before their code runs (a slow phone, a script still loading): the submit button is disabled,
 * so neither a click nor Enter submits the form natively, which would reload the page with the visitor's details
 * in the URL and lose them. Once the app runs, the button works.
 */
import { expect, test } from '@playwright/test';

const forms = [
  { path: '/contact', form: 'Send us a message', field: 'Name', button: 'Send Message' },
  { path: '/idea-hub', form: undefined, field: 'Full name', button: 'Submit Idea' },
] as const;

for (const { path, form, field, button } of forms) {
  test(`${path}: without the app's code the form cannot be sent natively; with it, the button is enabled`, async ({ browser, page }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(path);
    const scope = form ? bare.getByRole('form', { name: form }) : bare.locator('main');
    await expect(scope.getByRole('button', { name: button })).toBeDisabled();
    await scope.getByLabel(field, { exact: true }).fill('Ann Lee');
    await scope.getByLabel(field, { exact: true }).press('Enter');
    await bare.waitForLoadState();
    expect(new URL(bare.url()).search).toBe('');
    await noScript.close();

    await page.goto(path);
    const live = form ? page.getByRole('form', { name: form }) : page.locator('main');
    await expect(live.getByRole('button', { name: button })).toBeEnabled();
  });
}
