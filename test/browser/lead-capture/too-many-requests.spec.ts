/**
 * A burst of submissions: when the API answers 429 the demo dialog and the contact form say so in a destructive
 * toast ('Too many requests, try again in a moment.', not the generic failure) and keep what the visitor typed.
 * The forms also send their honeypot field, empty for a person, which is hidden from the accessibility tree.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { fillContact, fillDemo, openDemoDialog, token } from './support';

const tooMany = 'Too many requests, try again in a moment.';

/** Answers the form's POST with 429 and records the bodies it was sent. */
async function throttle(page: Page, url: string): Promise<Record<string, unknown>[]> {
  const bodies: Record<string, unknown>[] = [];
  await page.route(url, (route, request: Request) => {
    bodies.push(request.postDataJSON() as Record<string, unknown>);
    return route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Too many requests' }) });
  });
  return bodies;
}

test('the demo dialog says a 429 is too many requests and keeps the visitor input', async ({ page }) => {
  await page.goto('/');
  const t = token();
  const { dialog } = await openDemoDialog(page);
  await fillDemo(dialog, t);
  const bodies = await throttle(page, '**/api/demo-requests');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  const toast = page.getByRole('alert').filter({ hasText: tooMany });
  await expect(toast).toBeVisible();
  await expect(page.getByText('Something went wrong')).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toHaveValue(`Dana Demo ${t}`);
  await expect(dialog.getByLabel('Company')).toHaveValue(`Globex ${t}`);
  await expect(dialog.getByLabel('Team Size')).toHaveValue('51-200');
  await expect(dialog.getByRole('checkbox', { name: 'Customer Support' })).toBeChecked();
  await expect(dialog.getByLabel('Tell us about your needs')).toHaveValue(/500 mails a day/);
  await expect(dialog.getByRole('checkbox', { name: /I agree/ })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();

  // The honeypot went along, empty, and is nothing a screen reader user meets.
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ name: `Dana Demo ${t}`, website: '' });
  await expect(dialog.getByRole('textbox', { name: /website|leave this field empty/i })).toHaveCount(0);
});

test('the contact form says a 429 is too many requests and keeps the visitor input', async ({ page }) => {
  await page.goto('/contact');
  const t = token();
  const form = page.getByRole('form', { name: 'Send us a message' });
  await fillContact(form, t);
  const bodies = await throttle(page, '**/api/contact-messages');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('alert').filter({ hasText: tooMany })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toBeHidden();
  await expect(form.getByLabel('Name')).toHaveValue(`Casey Contact ${t}`);
  await expect(form.getByLabel('Industry')).toHaveValue('healthcare');
  await expect(form.getByLabel('Subject')).toHaveValue(`Question ${t}`);
  await expect(form.getByLabel('Message')).toHaveValue('Can your agents book appointments for a small clinic?');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();

  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ subject: `Question ${t}`, website: '' });
  await expect(form.getByRole('textbox', { name: /website|leave this field empty/i })).toHaveCount(0);
});
