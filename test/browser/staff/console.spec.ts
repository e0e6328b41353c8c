/**
 * The staff console on the local stack, as a staff member: each form submitted as a visitor is found in /staff,
 * opened whole (its attachment and delivery log), worked (status and note), a failed delivery sent again after
 * its target recovered lands once, sent to a webhook with the spec's toasts, exported as CSV.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { MAX_ATTEMPTS } from '../../../lambdas/domain/submissions/record';
import { patchSubmission, storedSubmission } from '../../helpers/submissions';
import { settings } from '@shared/deployment/settings';
import { listMails, mailText } from '../../helpers/mailbox';
import { failHook, restoreAllHooks, webhookCalls } from '../../helpers/webhook-inbox';
import { fillContact, fillDemo, openDemoDialog, pdf, token } from '../lead-capture/support';
import { deliveryRow, inboxTable, main, searchInbox, signInAsStaff, toasts } from './support';

test.describe.configure({ mode: 'serial' });

const t = token();
let ids: { demo: string; contact: string; idea: string };

/** The submission id a form's POST answered. */
async function submittedId(page: Page, path: string, submit: () => Promise<void>): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
  await submit();
  const response = await answer;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test.afterEach(async () => restoreAllHooks());

test('a visitor sends a demo request with a file, a contact message and an idea whose prod webhook is down', async ({ page }) => {
  await page.goto('/');
  const { dialog } = await openDemoDialog(page);
  await fillDemo(dialog, t);
  await dialog.getByLabel('Attachments (optional)').setInputFiles([pdf(`brief-${t}.pdf`)]);
  const demo = await submittedId(page, '/api/demo-requests', () => dialog.getByRole('button', { name: 'Submit' }).click());
  await expect(toasts(page)).toContainText('Form submitted successfully!');

  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await fillContact(form, t);
  const contact = await submittedId(page, '/api/contact-messages', () => form.getByRole('button', { name: 'Send Message' }).click());

  await failHook('prod', 503);
  await page.goto('/idea-hub');
  await page.getByLabel('App title').fill(`Shift planner ${t}`);
  await page.getByLabel('Description').fill('An assistant that plans the weekly shifts of a small clinic from staff wishes.');
  await page.getByLabel('Target users').fill('Clinic managers and their staff');
  await page.getByLabel('Business sector').selectOption('Healthcare');
  await page.getByLabel('Budget').selectOption('Not sure yet');
  await page.getByLabel('Full name').fill(`Ida Idea ${t}`);
  await page.getByLabel('Email').fill('ida@example.com');
  await page.getByLabel('Phone').fill('+44 20 7946 0958');
  const idea = await submittedId(page, '/api/ideas', () => page.getByRole('button', { name: 'Submit Idea' }).click());
  await expect(toasts(page)).toContainText('Idea submitted successfully!');
  ids = { demo, contact, idea };
  await expect.poll(async () => ((await storedSubmission(idea))?.deliveries as Record<string, { attempts: number }>)?.['webhook:prod']?.attempts).toBe(1);
});

test('staff find all three in the inbox, newest first, and open each with its fields, attachment and delivery log', async ({ page }) => {
  await signInAsStaff(page);
  await page.getByRole('banner').getByRole('link', { name: 'Staff' }).click();
  await main(page).getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Leads inbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads inbox' })).toBeVisible();
  await searchInbox(page, t);
  const rows = inboxTable(page).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(`Ida Idea ${t}`);
  await expect(rows.nth(1)).toContainText('Idea');
  await expect(rows.nth(2)).toContainText(`Casey Contact ${t}`);
  await expect(rows.nth(3)).toContainText(`Dana Demo ${t}`);
  await expect(rows.nth(3)).toContainText(`Globex ${t}`);
  await expect(rows.nth(3)).toContainText('New');

  await inboxTable(page).getByRole('link', { name: `Dana Demo ${t}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Demo request \d{6}-[0-9A-F]{6}$/ })).toBeVisible();
  await expect(main(page).getByText('Our support inbox gets 500 mails a day; we want an agent to answer the easy ones.')).toBeVisible();
  const file = main(page).getByRole('link', { name: `brief-${t}.pdf` });
  const download = page.waitForEvent('download');
  await file.click();
  expect(readFileSync(await (await download).path()).subarray(0, 9).toString()).toBe('%PDF-1.7\n');
  await expect(deliveryRow(page, 'Support mail')).toContainText('Delivered');
  await expect(deliveryRow(page, 'Confirmation to the visitor')).toContainText('dana@example.com');

  await page.goto(`/staff/submission?id=${ids.contact}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Contact message / })).toBeVisible();
  await expect(main(page).getByText(`Question ${t}`)).toBeVisible();

  await page.goto(`/staff/submission?id=${ids.idea}`);
  await expect(deliveryRow(page, 'Test webhook')).toContainText('Delivered');
  await expect(deliveryRow(page, 'Prod webhook')).toContainText('Pending');
  await expect(deliveryRow(page, 'Prod webhook')).toContainText('Last error: The prod webhook answered 503');
});

test('staff change the status with a note, and the audit trail says who and when', async ({ page }) => {
  const staff = await signInAsStaff(page);
  await page.goto(`/staff/submission?id=${ids.demo}`);
  await main(page).getByLabel('Status').selectOption('inProgress');
  await main(page).getByLabel('Internal note').fill(`Called back ${t}`);
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page)).toContainText('Saved');
  const trail = main(page).getByRole('region', { name: 'Audit trail' });
  await expect(trail).toContainText('Status: New → In progress');
  await expect(trail).toContainText(`by ${staff.email}`);
  await expect(trail).toContainText(`Called back ${t}`);
  await page.goto(`/staff/inbox?status=inProgress&q=${t}`);
  await expect(inboxTable(page).getByRole('link', { name: `Dana Demo ${t}` })).toBeVisible();
});

test('a failed delivery sent again after its target recovered lands once, however often Send again is pressed', async ({ page }) => {
  await signInAsStaff(page);
  // The prod webhook stayed down through every retry: as the retry job leaves it after its last attempt.
  const stored = await storedSubmission(ids.idea);
  await patchSubmission(ids.idea, {
    deliveries: { ...(stored?.deliveries as object), 'webhook:prod': { state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'The prod webhook answered 503', failedAt: new Date().toISOString() } },
    deliveryState: 'failed',
    retryQueue: undefined,
  });
  await page.goto(`/staff/inbox?q=${t}`);
  await expect(inboxTable(page).getByRole('row').filter({ hasText: `Ida Idea ${t}` })).toContainText('Failed');
  await page.goto(`/staff/submission?id=${ids.idea}`);
  await expect(deliveryRow(page, 'Prod webhook')).toContainText('Failed');

  await restoreAllHooks();
  const since = Date.now();
  const button = main(page).getByRole('button', { name: 'Send again: Prod webhook' });
  await button.dblclick();
  await expect(toasts(page)).toContainText('Sent again');
  await expect(deliveryRow(page, 'Prod webhook')).toContainText('Delivered');
  await page.waitForTimeout(3000);
  const landed = (await webhookCalls({ name: 'prod', since })).filter((c) => c.status === 200 && c.headers['idempotency-key']?.startsWith(ids.idea));
  expect(landed).toHaveLength(1);
});

test('two staff with the same contact message open press Send again on its support mail at once: one mail, the other told', async ({ page, browser }) => {
  const other = await browser.newContext();
  const colleague = await other.newPage();
  try {
    await Promise.all([signInAsStaff(page), signInAsStaff(colleague)]);
    await Promise.all([page.goto(`/staff/submission?id=${ids.contact}`), colleague.goto(`/staff/submission?id=${ids.contact}`)]);
    const buttons = [page, colleague].map((p) => main(p).getByRole('button', { name: 'Send again: Support mail' }));
    for (const button of buttons) await expect(button).toBeEnabled();
    const support = (settings.MAIL_TO.localDefault ?? '').split(',')[0]!;
    const supportMails = async () => (await listMails({ to: support })).filter((m) => mailText(m).includes(`Submission id: ${ids.contact}`)).length;
    const before = await supportMails();
    await Promise.all(buttons.map((b) => b.click()));
    const told = [page, colleague].map((p) => toasts(p));
    await expect.poll(async () => (await Promise.all(told.map((t) => t.innerText()))).join('\n')).toMatch(/Sent again[\s\S]*(changed this submission at the same moment|being sent right now)|(changed this submission at the same moment|being sent right now)[\s\S]*Sent again/);
    await expect.poll(supportMails).toBe(before + 1);
    await page.waitForTimeout(2000);
    expect(await supportMails()).toBe(before + 1);
  } finally {
    await other.close();
  }
});

test("Send to webhook: the spec's toasts for success and for failure", async ({ page }) => {
  await signInAsStaff(page);
  await page.goto(`/staff/submission?id=${ids.contact}`);
  await main(page).getByRole('button', { name: 'Send to webhook' }).click();
  await expect(toasts(page)).toContainText('Data sent successfully');
  await expect(toasts(page)).toContainText('Your data was sent to the test webhook.');
  await expect(deliveryRow(page, 'Test webhook')).toContainText('Delivered');

  await failHook('prod', 503);
  await main(page).getByLabel('Webhook', { exact: true }).selectOption('prod');
  await main(page).getByRole('button', { name: 'Send to webhook' }).click();
  await expect(toasts(page)).toContainText('Error sending data');
  await expect(toasts(page)).toContainText('The prod webhook answered 503. It will be tried again.');
});

test('the inbox exports the current filter as CSV, UTF-8 with a byte-order mark', async ({ page }) => {
  await signInAsStaff(page);
  await page.goto(`/staff/inbox?q=${t}`);
  await expect(inboxTable(page).getByRole('row')).toHaveCount(4);
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toBe('"Reference","Received (UTC)","Kind","Status","Name","Email","Company or title","Delivery","Details","Files","Id"');
  for (const id of Object.values(ids)) expect(text).toContain(id);
  await expect(toasts(page)).toContainText('3 submissions in');
});
