/** The contact form on /contact (spec 000_87e5fbf87b6c3f39.txt §3, 5 and 8) against the local stack. */
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { expect, test, type Page } from '@playwright/test';
import { fillContact, mailText, mailWith, recipients, token } from './support';

const contactForm = (page: Page) => page.getByRole('form', { name: 'Send us a message' });

test.describe('the contact form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
  });

  test('shows every validation message of the spec, with newsletter off by default', async ({ page }) => {
    const form = contactForm(page);
    await expect(form.getByRole('checkbox', { name: /newsletter/ })).not.toBeChecked();
    await form.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'Name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Please enter a valid phone number.',
      'Company name is required.',
      'Please select your industry.',
      'Please select your team size.',
      'Subject is required.',
      'Please provide more details in your message.',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    // The boundaries: subject at least 5, message at least 20.
    await form.getByLabel('Subject').fill('Help');
    await form.getByLabel('Message').fill('x'.repeat(19));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Subject is required.')).toBeVisible();
    await expect(form.getByText('Please provide more details in your message.')).toBeVisible();
    await form.getByLabel('Subject').fill('Hello');
    await form.getByLabel('Message').fill('x'.repeat(20));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Subject is required.')).toBeHidden();
    await expect(form.getByText('Please provide more details in your message.')).toBeHidden();
  });

  test('loads its validation code (zod and the schema) only once the visitor starts on the form', async ({ page }) => {
    // The page again, its scripts recorded from the start; what each holds is read apart from the page's cache.
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await page.goto('/contact');
    const form = contactForm(page);
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled(); // hydrated
    await page.waitForLoadState('networkidle');
    // zod's schema classes are named by strings that survive minification.
    const zodLoaded = async () => (await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()))).some((code) => code.includes('$ZodType'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(await zodLoaded()).toBe(false);
    await form.getByLabel('Name').focus();
    await expect.poll(zodLoaded).toBe(true);
  });

  test('lists the industries of the spec', async ({ page }) => {
    await expect(contactForm(page).getByLabel('Industry').locator('option')).toHaveText([
      'Select your industry',
      'Technology',
      'Healthcare',
      'Finance',
      'Retail',
      'Manufacturing',
      'Other',
    ]);
  });

  test('sends a valid message through the local stack and the mail reaches both recipients', async ({ page }) => {
    const t = token();
    const form = contactForm(page);
    await fillContact(form, t);
    await page.route('**/api/contact-messages', async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    await expect(page.getByText("We'll get back to you as soon as possible.")).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Industry')).toHaveValue('');

    const mail = await mailWith(t);
    expect(mail.destination.to).toEqual(recipients());
    expect(recipients()).toHaveLength(2);
    expect(mail.subject).toBe(`Contact message from Casey Contact ${t}: Question ${t}`);
    expect(mail.replyTo).toEqual(['casey@example.com']);
    const text = mailText(mail);
    for (const line of [
      `Name: Casey Contact ${t}`,
      'Email: casey@example.com',
      'Phone: (555) 123-9876',
      `Company: Hooli ${t}`,
      'Industry: Healthcare',
      'Team size: 1-10',
      `Subject: Question ${t}`,
      'Message: Can your agents book appointments for a small clinic?',
      'Newsletter: No',
    ]) {
      expect(text).toContain(line);
    }
  });

  test('keeps the form and says so when sending fails', async ({ page }) => {
    const t = token();
    const form = contactForm(page);
    await fillContact(form, t);
    await page.route('**/api/contact-messages', (route) => route.fulfill({ status: 503, body: '' }));
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Please try again later.');
    await expect(form.getByLabel('Subject')).toHaveValue(`Question ${t}`);
  });

  test('can be completed with the keyboard alone', async ({ page }) => {
    const t = token();
    const form = contactForm(page);
    await form.getByLabel('Name').focus();
    const type = async (text: string) => {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    };
    await type(`Kim Keys ${t}`);
    await type('kim@example.com');
    await type('5550001111');
    await type(`Tabby Inc ${t}`);
    await expect(form.getByLabel('Industry')).toBeFocused();
    await page.keyboard.type('Fin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('500');
    await page.keyboard.press('Tab');
    await type(`Keyboard question ${t}`);
    await type('Do your agents work with our existing CRM and ticketing tools?');
    await expect(form.getByRole('checkbox', { name: /newsletter/ })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    const text = mailText(await mailWith(t));
    expect(text).toContain('Industry: Finance');
    expect(text).toContain('Team size: 500+');
    expect(text).toContain('Newsletter: Yes');
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`has no serious accessibility violations with its messages shown, in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/contact');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await contactForm(page).getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Subject is required.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, { include: '.lead-contact' });
    });
  }
});
