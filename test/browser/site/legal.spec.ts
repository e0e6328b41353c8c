/**
 * The pages the demo form's consent promises: /privacy and /terms, prerendered (their text is in the HTML the
 * server sends), linked from every page's footer and from the consent label, saying what the site does.
 */
import { expect, test } from '@playwright/test';
import { publishedRetention } from '@shared/content/retention';
import { openDemoDialog } from '../lead-capture/support';
import { waitForApp } from './support';

test('the footer links to the privacy policy and the terms on every page', async ({ page }) => {
  await page.goto('/about');
  await waitForApp(page);
  const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
  await legal.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
});

test('the consent label links to both, in a new tab so the dialog and its answers stay', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  const { dialog } = await openDemoDialog(page);
  const consent = dialog.getByText(/I agree to be contacted/);
  for (const [name, path] of [['terms', '/terms'], ['privacy policy', '/privacy']] as const) {
    const link = consent.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', path);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  const tab = page.waitForEvent('popup');
  await consent.getByRole('link', { name: 'privacy policy', exact: true }).click();
  await expect((await tab).getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('both are prerendered: the policy, with the retention periods, is in the HTML before any script runs', async ({ request }) => {
  const html = await (await request.get('/privacy')).text();
  expect(html).toContain('<h1 id="privacy-title">Privacy policy</h1>');
  expect(html).toContain(`Files you attached: ${publishedRetention.attachmentDays} days`);
  expect(html).toContain('Amazon SES');
  const terms = await (await request.get('/terms')).text();
  expect(terms).toContain('Terms of use');
});
