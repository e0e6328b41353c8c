/**
 * The profile's error toasts (spec 000_87e5fbf87b6c3f39.txt §8, Profile: "message or 'Error loading profile'", Auth: fallback
 * 'Error updating profile'): the server's message, whether its answer carries `message` or `error`, else the
 * spec's text, never a status code.
 */
import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../../helpers/cognito';
import { skipRetryWaits } from '../../helpers/retry-clock';
import { header, main, signInByForm, toasts } from './support';

const failures = [
  { answer: JSON.stringify({ error: 'The profile store is read-only today.' }), says: 'The profile store is read-only today.' },
  { answer: JSON.stringify({ message: 'Profiles are being migrated.' }), says: 'Profiles are being migrated.' },
  { answer: '', says: 'Error updating profile' },
];

test("a failed profile update shows the server's message, else 'Error updating profile'", async ({ page }) => {
  const user = await createConfirmedUser({ username: 'toasty' });
  await signInByForm(page, user.email, user.password);
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(main(page).getByLabel('Username')).toHaveValue('toasty');

  let answer = '';
  await page.route('**/api/profile', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, contentType: 'application/json', body: answer }),
  );
  for (const failure of failures) {
    answer = failure.answer;
    await main(page).getByLabel('Username').fill(`toasty ${failure.says.length}`);
    await main(page).getByRole('button', { name: 'Update Profile' }).click();
    await expect(toasts(page).getByRole('alert')).toContainText(failure.says);
  }
});

test("a profile that cannot be loaded says 'Error loading profile', with the server's message only when it gave one", async ({ page }) => {
  const user = await createConfirmedUser({ username: 'toasty2' });
  await signInByForm(page, user.email, user.password);
  await page.route('**/api/profile', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Profiles are offline.' }) }));
  await page.clock.install();
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await skipRetryWaits(page, toasts(page).getByText('Error loading profile'));
  await expect(toasts(page)).toContainText('Profiles are offline.');

  await page.unroute('**/api/profile');
  await page.route('**/api/profile', (route) => route.fulfill({ status: 500, body: '' }));
  await page.reload();
  await skipRetryWaits(page, toasts(page).getByText('Error loading profile'));
  await expect(toasts(page).getByRole('alert')).toHaveText('Error loading profile');
});
