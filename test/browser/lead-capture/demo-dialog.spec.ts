/** The Book-a-Free-Demo dialog (spec 000_87e5fbf87b6c3f39.txt §2, 3, 5 and 8) against the local stack. */
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { waitForHydration } from '../../helpers/hydration';
import { expect, test } from '@playwright/test';
import { fillDemo, mailText, mailWith, openDemoDialog, pdf, png, recipients, token, uploadsBucketUrl } from './support';

test.describe('the demo dialog', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('moves focus into the dialog, closes on Escape and returns focus to its opener', async ({ page }) => {
    const { dialog, opener } = await openDemoDialog(page);
    await expect(dialog.getByLabel('Full Name')).toBeFocused();
    // Tab stays inside the dialog, wrapping from the last control to the first.
    await dialog.getByRole('button', { name: 'Submit' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // The close button does the same.
    await opener.press('Enter');
    await page.getByRole('dialog', { name: 'Book a Free Demo' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("pointing at 'Book a Free Demo' loads the dialog's code; the click shows the dialog, the form follows with focus and the page stops scrolling", async ({ page }) => {
    await waitForHydration(page);
    const dialogCode = page.waitForRequest(/\/assets\/DemoDialog-[\w-]+\.js$/);
    const opener = page.getByRole('main').getByRole('button', { name: 'Book a Free Demo', exact: true });
    await opener.hover();
    await dialogCode;
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Book a Free Demo' });
    await expect(dialog.getByLabel('Full Name')).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('shows every validation message of the spec', async ({ page }) => {
    const { dialog } = await openDemoDialog(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const message of [
      'Name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Please enter a valid phone number.',
      'Company name is required.',
      'Job title is required.',
      'Please select your team size.',
      'Please select at least one area of interest.',
      'Please provide more details about your needs.',
      'Please select your preferred meeting time.',
      'You must accept the terms.',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
    // Fixing a field clears its message once the form is sent again; the boundaries are the spec's.
    await dialog.getByLabel('Full Name').fill('Al');
    await dialog.getByLabel('Phone Number').fill('123456789');
    await dialog.getByLabel('Tell us about your needs').fill('Too short');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Name must be at least 2 characters.')).toBeHidden();
    await expect(dialog.getByText('Please enter a valid phone number.')).toBeVisible();
    await expect(dialog.getByText('Please provide more details about your needs.')).toBeVisible();
  });

  test('lists the enumerations of the spec', async ({ page }) => {
    const { dialog } = await openDemoDialog(page);
    await expect(dialog.getByLabel('Team Size').locator('option')).toHaveText(['Select team size', '1-10', '11-50', '51-200', '201-500', '500+']);
    await expect(dialog.getByLabel('Preferred Meeting Time').locator('option')).toHaveText([
      'Select a time',
      'Morning (9 AM - 12 PM EST)',
      'Afternoon (1 PM - 5 PM EST)',
      'Evening (6 PM - 9 PM EST)',
    ]);
    await expect(dialog.getByRole('group', { name: 'Areas of Interest' }).getByRole('checkbox')).toHaveCount(6);
    for (const label of ['SDR/Lead Qualification', 'Customer Support', 'Email Management', 'Social Media Management', 'Website Design', 'Custom Solution']) {
      await expect(dialog.getByRole('checkbox', { name: label })).not.toBeChecked();
    }
  });

  test('applies the file rules', async ({ page }) => {
    const { dialog } = await openDemoDialog(page);
    const picker = dialog.getByLabel('Attachments (optional)');
    await picker.setInputFiles([1, 2, 3, 4, 5, 6].map((n) => pdf(`file-${n}.pdf`)));
    await expect(dialog.getByText('You can upload up to 5 files', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('list', { name: /Selected files/ })).toHaveCount(0);

    await picker.setInputFiles([pdf('huge.pdf', 10 * 1024 * 1024 + 1)]);
    await expect(dialog.getByText('Each file must be less than 10MB', { exact: true })).toBeVisible();

    await picker.setInputFiles([{ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
    await expect(dialog.getByText('Supported formats: Images, PDF, DOCX, PPTX, XLSX, CSV, TXT', { exact: true })).toBeVisible();

    // A valid choice clears the message and is listed; files can be added up to 5 and removed again.
    await picker.setInputFiles([pdf('brief.pdf'), png('chart.png')]);
    await expect(dialog.getByText('Supported formats: Images, PDF, DOCX, PPTX, XLSX, CSV, TXT')).toBeHidden();
    const list = dialog.getByRole('list', { name: 'Selected files (2/5)' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await picker.setInputFiles([1, 2, 3, 4].map((n) => pdf(`more-${n}.pdf`)));
    await expect(dialog.getByText('You can upload up to 5 files', { exact: true })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Remove brief.pdf' }).click();
    await expect(dialog.getByRole('list', { name: 'Selected files (1/5)' })).toBeVisible();
  });

  test('sends a valid request with two files through the local stack and the mail reaches both recipients', async ({ page }) => {
    const t = token();
    const { dialog, opener } = await openDemoDialog(page);
    await fillDemo(dialog, t);
    await dialog.getByLabel('Attachments (optional)').setInputFiles([pdf('requirements.pdf', 300 * 1024), png('workflow.png', 200 * 1024)]);

    // Slow the direct uploads down a little so the progress and the sending state can be seen.
    await page.route(uploadsBucketUrl(), async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await submit.click();
    const sending = dialog.getByRole('button', { name: 'Submitting...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect(dialog.getByRole('progressbar', { name: 'Uploading requirements.pdf' })).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Uploading workflow.png' })).toBeVisible();

    await expect(page.getByText('Form submitted successfully!')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("We'll get back to you as soon as possible.")).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();

    // Opened again, the form is empty.
    await opener.click();
    await expect(page.getByRole('dialog').getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByRole('dialog').getByRole('checkbox', { name: /I agree/ })).not.toBeChecked();

    const mail = await mailWith(t);
    expect(mail.destination.to).toEqual(recipients());
    expect(recipients()).toHaveLength(2);
    expect(mail.subject).toBe(`Demo request from Dana Demo ${t} (Globex ${t})`);
    expect(mail.replyTo).toEqual(['dana@example.com']);
    const text = mailText(mail);
    for (const line of [
      `Name: Dana Demo ${t}`,
      'Email: dana@example.com',
      'Phone: +1 555 010 2030',
      `Company: Globex ${t}`,
      'Job title: Operations Lead',
      'Team size: 51-200',
      'Areas of interest: Customer Support, Email Management',
      'Preferred meeting time: Morning (9 AM - 12 PM EST)',
      'Message: Our support inbox gets 500 mails a day',
      'Accepted the terms: Yes',
    ]) {
      expect(text).toContain(line);
    }
    expect(mail.attachments.map((a) => a.filename)).toEqual(['requirements.pdf', 'workflow.png']);
  });

  test('keeps the form and says so when sending fails', async ({ page }) => {
    const t = token();
    const { dialog } = await openDemoDialog(page);
    await fillDemo(dialog, t);
    await page.route('**/api/demo-requests', (route) => route.abort('connectionrefused'));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Please try again later.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toHaveValue(`Dana Demo ${t}`);
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();

    // The network is back: the same submission goes through once.
    await page.unroute('**/api/demo-requests');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Form submitted successfully!')).toBeVisible();
    await mailWith(t);
  });

  test('can be completed with the keyboard alone', async ({ page }) => {
    const t = token();
    const opener = page.getByRole('button', { name: 'Book a Free Demo' }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Book a Free Demo' });
    await expect(dialog.getByLabel('Full Name')).toBeFocused();
    const type = async (text: string) => {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    };
    await type(`Kai Keys ${t}`);
    await type('kai@example.com');
    await type('555-000-1111');
    await type(`Keyboard Co ${t}`);
    await type('Founder');
    await expect(dialog.getByLabel('Team Size')).toBeFocused();
    await page.keyboard.type('11');
    await page.keyboard.press('Tab');
    // Areas of interest: Space ticks the focused box.
    await expect(dialog.getByRole('checkbox', { name: 'SDR/Lead Qualification' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('checkbox', { name: 'Social Media Management' })).toBeFocused();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Preferred Meeting Time')).toBeFocused();
    await page.keyboard.type('Ev');
    await page.keyboard.press('Tab');
    await type('We want our social channels answered around the clock.');
    await expect(dialog.getByLabel('Attachments (optional)')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('checkbox', { name: /I agree/ })).toBeFocused();
    await page.keyboard.press('Space');
    // The consent's two links (the terms, the privacy policy) come next, then Submit.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: 'terms' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: 'privacy policy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Form submitted successfully!')).toBeVisible();
    await expect(opener).toBeFocused();
    const text = mailText(await mailWith(t));
    expect(text).toContain('Team size: 11-50');
    expect(text).toContain('Areas of interest: SDR/Lead Qualification, Social Media Management');
    expect(text).toContain('Preferred meeting time: Evening (6 PM - 9 PM EST)');
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`has no serious accessibility violations when open, with its messages, in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const { dialog } = await openDemoDialog(page);
      await dialog.getByLabel('Attachments (optional)').setInputFiles([{ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByText('You must accept the terms.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, { include: 'dialog' });
    });
  }
});
