/**
 * The prompt studio in the browser (issue 40), on a local stack of its own that sells prompts with the Stripe
 * stand-in: pay, open the customization form from the Get prompt dialog, answer, see the tailored prompt, change the
 * tone, save twice, compare, restore, edit by hand, download both files (their bytes checked); the same purchase in
 * a second browser signed in to the account; a stranger's browser refused; a refund closes the form. The whole path
 * runs once, for the first app; the other two apps are paid, tailored, saved and downloaded in a shorter test.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { distDir } from '../../../infra/local/site-server';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { createConfirmedUser, uniqueEmail, type TestUser } from '../../helpers/cognito';
import { startSeparateStack, type SeparateStack } from '../../helpers/separate-stack';
import { card } from './helpers';

test.describe.configure({ mode: 'serial' });
test.setTimeout(150_000);

let stack: SeparateStack;
let site: string;
let stripeUrl: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startSeparateStack({ name: 'browser-prompt-studio', webDir: distDir, stripe: true, settings: { PURCHASE_REQUIRED: 'true' } });
  site = stack.description.siteUrl;
  stripeUrl = stack.description.stripeUrl as string;
});
test.afterAll(async () => {
  await stack?.stop();
});

async function signIn(page: Page, user: TestUser) {
  await page.goto(`${site}/auth`);
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Email').fill(user.email);
  await panel.getByLabel('Password').fill(user.password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Profile' })).toBeVisible();
}

/** Buy Now on the marketplace, paid on the stand-in's page in the tab it opens; back on the marketplace after. */
async function buy(page: Page, appName: string, email?: string): Promise<string> {
  await page.goto(`${site}/marketplace`);
  const [tab] = await Promise.all([page.waitForEvent('popup'), card(page, appName).getByRole('button', { name: 'Buy Now' }).click()]);
  // Signed out, Stripe's page asks for the e-mail (signed in, the account's is filled in).
  if (email) await tab.getByLabel('Email').fill(email);
  await tab.getByRole('button', { name: 'Pay' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'Successful payment!' })).toBeVisible();
  // The success screen offers the form too.
  await expect(tab.getByRole('link', { name: 'Tailor this prompt' })).toBeVisible();
  const sessionId = new URL(tab.url()).searchParams.get('session_id') as string;
  await tab.close();
  await page.reload();
  return sessionId;
}

/** Get prompt on the card, then "Tailor this prompt" beside the spec's texts. */
async function openStudioFromDialog(page: Page, appName: string) {
  await card(page, appName).getByRole('button', { name: 'Get prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Here is your AI system prompt' });
  await expect(dialog.getByText('Copy and use this in your AI app or workflow.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Tailor this prompt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Tailor your prompt: ${appName}` })).toBeVisible();
}

const form = (page: Page) => page.getByRole('form', { name: /^Customization form/ });
const promptText = (page: Page, n: number) => page.getByLabel(`Prompt, version ${n}`);

async function saveVersion(page: Page, n: number) {
  await form(page).getByRole('button', { name: 'Save a new version' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Version ${n} is saved.` })).toBeVisible();
  await expect(promptText(page, n)).toBeVisible();
}

async function download(page: Page, label: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) as string, 'utf8') };
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('the first app: tailor, tone, two saves, compare, restore, hand edit, both files; the account on a second browser; a stranger and a refund refused', async ({ page, browser }) => {
  const user = await createConfirmedUser({ email: uniqueEmail('studio'), stack: stack.description });
  await signIn(page, user);
  const sessionId = await buy(page, 'AI Agent System Prompt Generator');
  await openStudioFromDialog(page, 'AI Agent System Prompt Generator');

  // The marketplace's choices are prefilled; required questions are marked; the form says what is missing.
  const f = form(page);
  await expect(f.getByLabel('Business type')).toHaveValue('dentistry-offices');
  await f.getByRole('button', { name: 'Save a new version' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please check the highlighted fields.');
  await expect(f.getByLabel('Business name (required)')).toBeFocused();
  await expect(f.getByText('Please enter the name of the business.')).toBeVisible();

  await f.getByLabel('Business name (required)').fill('Bright Smile Dental');
  await f.getByLabel('Location (required)').fill('12 Elm Street, Springfield');
  await f.getByLabel('Opening hours (required)').fill('Mon-Fri 8 am - 6 pm');
  await f.getByLabel('Service or product (service 1) (optional)').fill('Teeth whitening');
  await f.getByLabel('Price (service 1) (optional)').fill('$350');
  await f.getByLabel('Your dentists and what each one does (required)').fill('Dr. Ana Ruiz: implants');
  await f.getByLabel('Accepted insurance plans (required)').fill('Delta Dental PPO');
  await f.getByLabel('Who takes over (required)').fill('Maria at the front desk');
  await f.getByLabel('How they take over (phone, e-mail, chat) (required)').fill('a phone call back');
  // Kept while typing: a reload loses nothing.
  await expect(f.getByText('Your answers are saved.')).toBeVisible();
  await page.reload();
  await expect(form(page).getByLabel('Accepted insurance plans (required)')).toHaveValue('Delta Dental PPO');

  await saveVersion(page, 1);
  const first = await promptText(page, 1).textContent();
  expect(first).toContain('Bright Smile Dental');
  expect(first).toContain('- Teeth whitening: $350');
  expect(first).toContain('Accepted insurance plans: Delta Dental PPO');
  expect(first).not.toMatch(/fill these in|the business\b/);

  await form(page).getByLabel('Tone', { exact: true }).selectOption('formal');
  await saveVersion(page, 2);
  await expect(promptText(page, 2)).toContainText('Formal, courteous and precise');
  await expect(promptText(page, 2)).toContainText('Good day, and thank you for contacting Bright Smile Dental');

  // What changed, as text: the tone line went, the formal one came.
  await page.getByLabel('From', { exact: true }).selectOption('1');
  await page.getByLabel('To', { exact: true }).selectOption('2');
  await page.getByRole('button', { name: 'Compare' }).click();
  const diff = page.getByLabel('Changes from version 1 to version 2');
  await expect(diff).toContainText('- Calm, warm and reassuring.');
  await expect(diff).toContainText('+ Formal, courteous and precise');

  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 1 is restored. Version 3 is saved.' })).toBeVisible();
  await expect(form(page).getByLabel('Tone', { exact: true })).toHaveValue('default');
  await expect(page.getByRole('row', { name: /Version 3/ })).toContainText('Restored (from version 1)');

  await page.getByRole('button', { name: 'Edit by hand' }).click();
  const edited = `${first?.trim()}\n\n## Our own rule\n- Offer water to every patient.`;
  await page.getByLabel('Prompt text (saved as a new version)').fill(edited);
  await page.getByRole('button', { name: 'Save edited prompt' }).click();
  await expect(promptText(page, 4)).toContainText('Offer water to every patient.');
  await expect(page.getByRole('row', { name: /Version 4/ })).toContainText('Edited by hand (from version 3)');

  const md = await download(page, 'Download Markdown (.md)');
  expect(md).toEqual({ name: 'ai-system-prompt-generator-bright-smile-dental-v4.md', text: `${edited}\n` });
  const txt = await download(page, 'Download plain text (.txt)');
  expect(txt.name).toBe('ai-system-prompt-generator-bright-smile-dental-v4.txt');
  expect(txt.text).toContain('Our own rule\n------------\n- Offer water to every patient.');
  expect(txt.text).not.toMatch(/^#/m);
  await expectNoSeriousA11yViolations(page, { include: 'main' });

  // The Get prompt dialog shows the latest version.
  await page.goto(`${site}/marketplace`);
  await card(page, 'AI Agent System Prompt Generator').getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByLabel('AI system prompt', { exact: true })).toContainText('Offer water to every patient.');

  // A second browser, signed in to the account: My purchases opens the same studio.
  const other = await newPage(browser);
  await signIn(other, user);
  await other.goto(`${site}/profile`);
  await other.getByRole('link', { name: 'Tailor this prompt' }).click();
  await expect(promptText(other, 4)).toContainText('Offer water to every patient.');
  await expect(form(other).getByLabel('Business name (required)')).toHaveValue('Bright Smile Dental');

  // A stranger's browser with the session id is refused.
  const stranger = await newPage(browser);
  await stranger.goto(`${site}/prompt-studio?session=${sessionId}`);
  await expect(stranger.getByRole('main').getByRole('alert')).toHaveText(purchaseMessages.otherBrowser);

  // A refund closes the form and its versions.
  const paymentIntent = ((await (await fetch(`${stripeUrl}/control/state`)).json()) as { sessions: Record<string, { payment_intent: string }> }).sessions[sessionId]?.payment_intent;
  expect((await fetch(`${stripeUrl}/control/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payment_intent: paymentIntent }) })).status).toBe(200);
  await expect.poll(async () => {
    await other.reload();
    return other.getByRole('main').getByRole('alert').textContent({ timeout: 5000 }).catch(() => '');
  }, { timeout: 20_000 }).toBe(purchaseMessages.refunded);
});

test('the content generator and the support bot: pay, tailor from the dialog, save, and download the Markdown', async ({ page }) => {
  const apps = [
    { name: 'AI Content Generator', file: 'ai-content-generator-northwind-coffee-v1.md', fill: [['Brand name (required)', 'Northwind Coffee'], ['Audience (required)', 'Home baristas'], ['Brand voice (required)', 'Curious and warm']] },
    {
      name: 'AI Customer Support Bot',
      file: 'ai-customer-support-parcelo-v1.md',
      fill: [
        ['Product or service (required)', 'Parcelo'],
        ['What it does and for whom (required)', 'Parcel lockers for apartment buildings'],
        ['Question (question 1) (optional)', 'How do I open my locker?'],
        ['Answer (question 1) (optional)', 'Tap the parcel in the app.'],
        ['Who takes over (required)', 'the support team'],
        ['How they take over (phone, e-mail, chat) (required)', 'e-mail'],
      ],
    },
  ] as const;
  for (const app of apps) {
    await buy(page, app.name, uniqueEmail('buyer'));
    await openStudioFromDialog(page, app.name);
    for (const [label, value] of app.fill) await form(page).getByLabel(label).fill(value);
    await saveVersion(page, 1);
    const md = await download(page, 'Download Markdown (.md)');
    expect(md.name).toBe(app.file);
    for (const [, value] of app.fill) expect(md.text).toContain(value);
    expect(md.text).toBe(`${(await promptText(page, 1).textContent())?.trimEnd()}\n`);
  }
});
