/**
 * The Idea Hub in a real browser against the local stack: the hero's scroll to the form, the confidentiality
 * note, every field rule and file rule with the spec's texts, the 'n/5' count, success (delivered to both
 * webhooks, form cleared) and failure (form kept), keyboard-only completion, and axe in both themes.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { waitForWebhookCalls } from '../../helpers/webhook-inbox';

const MB = 1024 * 1024;
const file = (name: string, mimeType: string, size = 2048, magic = '') => {
  const buffer = Buffer.alloc(size, 0x41);
  Buffer.from(magic).copy(buffer);
  return { name, mimeType, buffer };
};
const pdf = (name: string, size = 2048) => file(name, 'application/pdf', size, '%PDF-1.7\n');
const csv = (name: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`clinic,staff\nNorth,${randomUUID()}\n`) });

const fileRulesText = 'Accepted formats: .csv, .xlsx, .pptx, .pdf, .txt, .mp3. Up to 5 files, 10MB each.';
const tooMany = 'You can only upload up to 5 files';
const badFile = 'One or more files have invalid format or are too large (max 10MB)';

const form = (page: Page) => page.getByRole('form', { name: 'Submit Your Idea' });
const picker = (page: Page) => page.getByLabel('Supporting documents (optional)');
const fileAlert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const selectedFiles = (page: Page) => page.getByRole('list', { name: 'Selected files' }).getByRole('listitem');

async function fillIdea(page: Page, token: string) {
  await page.getByLabel('App title').fill(`Shift planner ${token}`);
  await page.getByLabel('Description').fill('An assistant that plans the weekly shifts of a small clinic from staff wishes.');
  await page.getByLabel('Target users').fill('Clinic managers and their staff');
  await page.getByLabel('Business sector').selectOption('Food & Beverage');
  await page.getByLabel('Budget').selectOption('$5,000 - $10,000');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Phone').fill('+44 20 7946 0958');
}

let consoleErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  await page.goto('/idea-hub');
  await expect(page.getByRole('heading', { level: 1, name: 'Idea Hub' })).toBeVisible();
});

test('the prerendered page carries the form and hydrates without an error', async ({ page, request }) => {
  const html = await (await request.get('/idea-hub')).text();
  expect(html).toContain('>Idea Hub</h1>');
  expect(html).toContain('kept confidential and reviewed only by our internal team');
  expect(html).toMatch(/<form[^>]*aria-labelledby="idea-form-title"/);
  // Typing works once hydrated; nothing was logged as an error (a hydration mismatch would be).
  await page.getByLabel('App title').fill('Hydrated');
  await page.getByRole('button', { name: 'Submit Idea' }).click();
  await expect(form(page).getByText('Please provide more details about your app idea.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the hero button smooth-scrolls to the form and moves focus there; the confidentiality note is shown', async ({ page }) => {
  await expect(page.getByText('Every submission is kept confidential and reviewed only by our internal team.')).toBeVisible();
  await page.evaluate(() => {
    const original = Element.prototype.scrollIntoView;
    (window as unknown as { scrollCalls: unknown[] }).scrollCalls = [];
    Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
      (window as unknown as { scrollCalls: unknown[] }).scrollCalls.push(arg);
      original.call(this, arg);
    };
  });
  const formHeading = page.getByRole('heading', { level: 2, name: 'Submit Your Idea' });
  await expect(formHeading).not.toBeInViewport();
  await page.getByRole('button', { name: 'Submit Your Idea' }).click();
  await expect(formHeading).toBeInViewport();
  await expect(formHeading).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls)).toEqual([{ behavior: 'smooth', block: 'start' }]);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
});

test('the form has the fields of the spec, an e-mail input, and the 11 sectors and 7 budgets', async ({ page }) => {
  await expect(page.getByLabel('Description')).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(page.getByLabel('Target users')).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Business sector').locator('option')).toHaveText([
    'Select a business sector', 'Technology', 'Healthcare', 'Finance', 'Education', 'E-commerce', 'Manufacturing', 'Retail', 'Entertainment', 'Travel', 'Food & Beverage', 'Other',
  ]);
  await expect(page.getByLabel('Budget').locator('option')).toHaveText([
    'Select your budget', 'Under $5,000', '$5,000 - $10,000', '$10,000 - $25,000', '$25,000 - $50,000', '$50,000 - $100,000', 'Over $100,000', 'Not sure yet',
  ]);
  await expect(picker(page)).toHaveAttribute('accept', '.csv,.xlsx,.pptx,.pdf,.txt,.mp3');
  await expect(picker(page)).toHaveAttribute('multiple', '');
});

test('every field shows its message from section 5 and nothing is sent', async ({ page }) => {
  let sent = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/ideas')) sent = true;
  });
  await page.getByRole('button', { name: 'Submit Idea' }).click();
  for (const message of [
    'App title must be at least 2 characters.',
    'Please provide more details about your app idea.',
    'Please describe your target users.',
    'Please select a business sector.',
    'Please indicate your budget.',
    'Full name must be at least 2 characters.',
    'Please enter a valid email address.',
    'Please enter a valid phone number.',
  ]) {
    await expect(form(page).getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('App title')).toBeFocused();
  await expect(page.getByLabel('App title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('App title')).toHaveAccessibleDescription('App title must be at least 2 characters.');

  // The boundaries: short values get their message, the minimum passes.
  await page.getByLabel('Description').fill('x'.repeat(19));
  await page.getByLabel('Phone').fill('123456789');
  await page.getByRole('button', { name: 'Submit Idea' }).click();
  await expect(form(page).getByText('Please provide more details about your app idea.')).toBeVisible();
  await expect(form(page).getByText('Please enter a valid phone number.')).toBeVisible();
  await page.getByLabel('Description').fill('x'.repeat(20));
  await page.getByLabel('Phone').fill('1234567890');
  await expect(form(page).getByText('Please provide more details about your app idea.')).toBeHidden();
  await expect(form(page).getByText('Please enter a valid phone number.')).toBeHidden();
  expect(sent).toBe(false);
});

test("the picker states its rules, lists the chosen names with 'n/5', and removes a file", async ({ page }) => {
  await expect(page.getByText(fileRulesText)).toBeVisible();
  await expect(picker(page)).toHaveAccessibleDescription(new RegExp(fileRulesText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.getByText('Selected files: 0/5')).toBeVisible();

  await picker(page).setInputFiles([pdf('plan.pdf'), csv('users.csv')]);
  await expect(selectedFiles(page)).toHaveCount(2);
  await expect(selectedFiles(page).nth(0)).toContainText('plan.pdf');
  await expect(selectedFiles(page).nth(1)).toContainText('users.csv');
  await expect(page.getByText('Selected files: 2/5')).toBeVisible();

  // More can be added, up to five in all, in every accepted format.
  await picker(page).setInputFiles([
    file('notes.txt', 'text/plain', 100),
    file('deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 3000, 'PK\u0003\u0004'),
    file('pitch.mp3', 'audio/mpeg', 4000, 'ID3'),
  ]);
  await expect(page.getByText('Selected files: 5/5')).toBeVisible();
  await page.getByRole('button', { name: 'Remove users.csv' }).click();
  await expect(page.getByText('Selected files: 4/5')).toBeVisible();
  await expect(selectedFiles(page)).toHaveText([/plan\.pdf/, /notes\.txt/, /deck\.pptx/, /pitch\.mp3/]);
});

test("more than 5 files: 'You can only upload up to 5 files' in a destructive alert, and the selection is cleared", async ({ page }) => {
  await picker(page).setInputFiles([pdf('a.pdf'), pdf('b.pdf')]);
  await expect(page.getByText('Selected files: 2/5')).toBeVisible();
  await picker(page).setInputFiles([pdf('c.pdf'), pdf('d.pdf'), pdf('e.pdf'), pdf('f.pdf')]);
  const alert = fileAlert(page, tooMany);
  await expect(alert).toBeVisible();
  await expect(alert).toHaveCSS('background-color', await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--danger-bg').trim()).then(hexToRgb));
  await expect(page.getByText('Selected files: 0/5')).toBeVisible();
  await expect(selectedFiles(page)).toHaveCount(0);

  // A good selection afterwards clears the alert.
  await picker(page).setInputFiles([pdf('a.pdf')]);
  await expect(alert).toBeHidden();
  await expect(page.getByText('Selected files: 1/5')).toBeVisible();
});

test('a file over 10MB: the size message in an alert, and the selection is cleared', async ({ page }) => {
  await picker(page).setInputFiles([csv('ok.csv')]);
  await picker(page).setInputFiles([pdf('huge.pdf', 10 * MB + 1)]);
  await expect(fileAlert(page, badFile)).toBeVisible();
  await expect(page.getByText('Selected files: 0/5')).toBeVisible();
  await expect(selectedFiles(page)).toHaveCount(0);
});

test('a file of another format: the same message in an alert, and the selection is cleared', async ({ page }) => {
  await picker(page).setInputFiles([pdf('ok.pdf')]);
  await picker(page).setInputFiles([file('photo.png', 'image/png', 500, '\u0089PNG')]);
  await expect(fileAlert(page, badFile)).toBeVisible();
  await expect(page.getByText('Selected files: 0/5')).toBeVisible();
  await picker(page).setInputFiles([file('report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 500, 'PK\u0003\u0004')]);
  await expect(fileAlert(page, badFile)).toBeVisible();
});

test('a valid idea with files is sent, both webhooks get it, and the form and file list are cleared', async ({ page }) => {
  const token = randomUUID().slice(0, 8);
  const since = Date.now();
  await fillIdea(page, token);
  const files = [pdf('business-plan.pdf', 5000), csv('clinics.csv')];
  await picker(page).setInputFiles(files);
  await expect(page.getByText('Selected files: 2/5')).toBeVisible();

  // Hold the API answer so the sending state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/ideas', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit Idea' }).click();
  const sending = page.getByRole('button', { name: 'Submitting...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();

  await expect(page.getByText('Idea submitted successfully!')).toBeVisible();
  await expect(page.getByText("We'll review your app idea and get back to you soon.")).toBeVisible();
  for (const label of ['App title', 'Description', 'Target users', 'Full name', 'Email', 'Phone']) await expect(page.getByLabel(label)).toHaveValue('');
  await expect(page.getByLabel('Business sector')).toHaveValue('');
  await expect(page.getByLabel('Budget')).toHaveValue('');
  await expect(page.getByText('Selected files: 0/5')).toBeVisible();
  await expect(selectedFiles(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Idea' })).toBeEnabled();

  for (const name of ['test', 'prod']) {
    const [call] = await waitForWebhookCalls({ name, since, where: (c) => c.body.includes(`Shift planner ${token}`) });
    const payload = JSON.parse(call!.body) as { webhookType: string; data: Record<string, string>; files: { name: string; data: string }[] };
    expect(payload.webhookType).toBe(name);
    expect(payload.data).toMatchObject({ title: `Shift planner ${token}`, businessType: 'Food & Beverage', budget: '$5,000 - $10,000', email: 'ada@example.com' });
    expect(new Date(payload.data.submittedAt!).toISOString()).toBe(payload.data.submittedAt);
    expect(payload.files.map((f) => f.name)).toEqual(['business-plan.pdf', 'clinics.csv']);
    payload.files.forEach((f, i) => expect(Buffer.from(f.data, 'base64').equals(files[i]!.buffer)).toBe(true));
  }
});

test('when the API fails: the destructive toast, and the form and files are kept', async ({ page }) => {
  await page.route('**/api/ideas', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service Unavailable' }) }));
  const token = randomUUID().slice(0, 8);
  await fillIdea(page, token);
  await picker(page).setInputFiles([pdf('plan.pdf')]);
  await page.getByRole('button', { name: 'Submit Idea' }).click();

  const toast = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Please try again later.');
  await expect(page.getByLabel('App title')).toHaveValue(`Shift planner ${token}`);
  await expect(page.getByLabel('Business sector')).toHaveValue('Food & Beverage');
  await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0958');
  await expect(page.getByText('Selected files: 1/5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Idea' })).toBeEnabled();
});

test("a burst: a 429 says 'Too many requests, try again in a moment.' and the form and files are kept", async ({ page }) => {
  const bodies: Record<string, unknown>[] = [];
  await page.route('**/api/ideas', (route, request) => {
    bodies.push(request.postDataJSON() as Record<string, unknown>);
    return route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Too many requests' }) });
  });
  const token = randomUUID().slice(0, 8);
  await fillIdea(page, token);
  await picker(page).setInputFiles([pdf('plan.pdf')]);
  await page.getByRole('button', { name: 'Submit Idea' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Too many requests, try again in a moment.' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toBeHidden();
  await expect(page.getByLabel('App title')).toHaveValue(`Shift planner ${token}`);
  await expect(page.getByLabel('Target users')).toHaveValue('Clinic managers and their staff');
  await expect(page.getByLabel('Budget')).toHaveValue('$5,000 - $10,000');
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await expect(page.getByText('Selected files: 1/5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Idea' })).toBeEnabled();
  // The honeypot went along, empty, and stays out of the accessibility tree.
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ title: `Shift planner ${token}`, website: '' });
  await expect(form(page).getByRole('textbox', { name: /website|leave this field empty/i })).toHaveCount(0);
});

test('when the network drops: the same toast, and the submitting flag ends off', async ({ page }) => {
  await page.route('**/api/ideas', (route) => route.abort('connectionreset'));
  await fillIdea(page, 'net');
  await page.getByRole('button', { name: 'Submit Idea' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Idea' })).toBeEnabled();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
});

test('the form can be completed and sent with the keyboard alone', async ({ page }) => {
  const token = randomUUID().slice(0, 8);
  await page.getByRole('button', { name: 'Submit Your Idea' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Submit Your Idea' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByLabel('App title')).toBeFocused();
  await page.keyboard.type(`Keyboard idea ${token}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('A planner that anyone can drive without a mouse at all.');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Everyone');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Business sector')).toBeFocused();
  await page.keyboard.press('ArrowDown'); // Technology
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Budget')).toBeFocused();
  await page.keyboard.press('End'); // Not sure yet
  await page.keyboard.press('Tab');
  await expect(picker(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Full name')).toBeFocused();
  await page.keyboard.type('Kay Board');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kay@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('555 010 2030');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit Idea' })).toBeFocused();
  await expect(page.getByLabel('Business sector')).toHaveValue('Technology');
  await expect(page.getByLabel('Budget')).toHaveValue('Not sure yet');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Idea submitted successfully!')).toBeVisible();
  await expect(page.getByLabel('App title')).toHaveValue('');
});

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds no serious or critical violation in the ${theme} theme, errors shown`, async ({ page }) => {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByRole('button', { name: 'Submit Idea' }).click();
    await expect(form(page).getByText('Please enter a valid email address.')).toBeVisible();
    await picker(page).setInputFiles([file('photo.png', 'image/png', 100)]);
    await expect(fileAlert(page, badFile)).toBeVisible();
    await picker(page).setInputFiles([pdf('plan.pdf')]);
    await picker(page).setInputFiles([file('photo.png', 'image/png', 100)]);
    await expectNoSeriousA11yViolations(page);
  });
}

function hexToRgb(hex: string): string {
  const h = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
