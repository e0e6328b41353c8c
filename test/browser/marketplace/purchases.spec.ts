/**
 * Buyers keep what they bought (issue 21) and a bought prompt is not a shareable password (issue 24, item 8), in
 * the browser, on a local stack of its own that sells prompts (PURCHASE_REQUIRED) with the Stripe stand-in
 * (infra/local/stripe): Buy Now opens the stand-in's checkout page, Pay sends the buyer back to the success screen,
 * and the stand-in's signed events reach the site's webhook, as Stripe's do.
 *
 * The stack runs in a process of its own (test/helpers/stack-process.ts): the shared browser-test stack gives
 * prompts away and has no Stripe, as the other marketplace tests expect.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { distDir } from '../../../infra/local/site-server';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { createConfirmedUser, uniqueEmail, type TestUser } from '../../helpers/cognito';
import { listMails, mailText } from '../../helpers/mailbox';
import { startSeparateStack, type SeparateStack } from '../../helpers/separate-stack';
import { card, expectToast } from './helpers';

test.describe.configure({ mode: 'serial' });
// A stack of its own to start, and real round trips through Stripe's pages.
test.setTimeout(120_000);

let stack: SeparateStack;
let site: string;
let stripeUrl: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startSeparateStack({
    name: 'browser-purchases',
    webDir: distDir,
    stripe: true,
    settings: { PURCHASE_REQUIRED: 'true' },
    deliveryRetryIntervalMs: 2000,
  });
  site = stack.description.siteUrl;
  stripeUrl = stack.description.stripeUrl as string;
});

test.afterAll(async () => {
  await stack?.stop();
});

const newUser = () => createConfirmedUser({ email: uniqueEmail('buyer'), stack: stack.description });

async function signIn(page: Page, user: TestUser) {
  await page.goto(`${site}/auth`);
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Email').fill(user.email);
  await panel.getByLabel('Password').fill(user.password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Profile' })).toBeVisible();
}

/** Buy Now on a page that has it: Stripe's checkout opens in a new tab; pays there (with `email` when asked). */
async function payInNewTab(page: Page, buyNow: () => Promise<void>, email?: string): Promise<{ tab: Page; sessionId: string }> {
  const [tab] = await Promise.all([page.waitForEvent('popup'), buyNow()]);
  await expect(tab.getByRole('heading', { name: 'Pay Cadence AI' })).toBeVisible();
  if (email) await tab.getByLabel('Email').fill(email);
  await tab.getByRole('button', { name: /^(Pay|Subscribe)$/ }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'Successful payment!' })).toBeVisible();
  const sessionId = new URL(tab.url()).searchParams.get('session_id') as string;
  expect(sessionId).toMatch(/^cs_test_\w+$/);
  return { tab, sessionId };
}

const buyApp = (page: Page, name: string) => () => card(page, name).getByRole('button', { name: 'Buy Now' }).click();

async function stripeState() {
  return (await (await fetch(`${stripeUrl}/control/state`)).json()) as {
    sessions: Record<string, { payment_intent: string | null; subscription: string | null; customer_details: { email: string } | null }>;
    receipts: { to: string; kind: string; amount: number }[];
    deliveries: { eventId: string; type: string; status: number }[];
  };
}

/** Waits until the stand-in has delivered an event of `type` and the site answered 200. */
async function delivered(type: string, count = 1) {
  await expect.poll(async () => (await stripeState()).deliveries.filter((d) => d.type === type && d.status === 200).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
}

async function openPrompt(page: Page, within = page.getByRole('main')) {
  await within.getByRole('button', { name: 'Get prompt' }).click();
  return page.getByRole('dialog', { name: 'Here is your AI system prompt' });
}

/** axe on the page's main content, in both themes (the page is reloaded into each). */
async function axeInBothThemes(page: Page, ready: () => Promise<void>) {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await ready();
    await expectNoSeriousA11yViolations(page, { include: 'main' });
  }
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('pay signed in on one browser, then on another browser My purchases has it and Get prompt works', async ({ page, browser }) => {
  const user = await newUser();
  await signIn(page, user);
  // The page's session check answers late (its runtime config comes 2 s late), as on a slow phone: a Buy Now
  // clicked before it answered must still buy through the account, not as a signed-out visitor.
  await page.route('**/config.json', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.goto(`${site}/marketplace`);
  const { tab, sessionId } = await payInNewTab(page, buyApp(page, 'AI Customer Support Bot'));
  await page.unroute('**/config.json');
  // Stripe's page had the account's e-mail prefilled; the success screen says the purchase is in the account.
  await expect(tab.getByText('It is saved to your account')).toBeVisible();
  const state = await stripeState();
  expect(state.sessions[sessionId]?.customer_details?.email).toBe(user.email);
  // Stripe mails the buyer the receipt with its invoice (invoice_creation).
  expect(state.receipts).toContainEqual(expect.objectContaining({ to: user.email, kind: 'invoice', amount: 5999 }));

  const laptop = await freshPage(browser);
  await signIn(laptop, user);
  await laptop.goto(`${site}/profile`);
  const purchases = laptop.getByRole('region', { name: 'My purchases' });
  const item = purchases.getByRole('listitem', { name: 'AI Customer Support Bot' });
  await expect(item).toContainText('$59.99');
  await expect(item.locator('time')).toHaveText(new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));
  const dialog = await openPrompt(laptop, item);
  await expect(dialog.getByLabel('AI system prompt')).toContainText('# System prompt: AI Customer Support Bot');

  // The support staff heard of the sale, once.
  await delivered('checkout.session.completed');
  await expect.poll(async () => (await listMails({ mailboxUrl: stack.description.mailboxUrl })).filter((m) => mailText(m).includes(`Notice id: sale-${sessionId}`)).length, { timeout: 15_000 }).toBe(1);
  await laptop.context().close();
});

test('pay signed out, sign in, add the purchase to the account', async ({ page }) => {
  const user = await newUser();
  await page.goto(`${site}/marketplace`);
  const buyerEmail = uniqueEmail('guest');
  const { tab } = await payInNewTab(page, buyApp(page, 'AI Content Generator'), buyerEmail);
  await expect(tab.getByText('Bought without an account')).toBeVisible();
  await expectNoSeriousA11yViolations(tab, { include: 'main' });
  await tab.close();

  await signIn(page, user);
  await page.goto(`${site}/profile`);
  const purchases = page.getByRole('region', { name: 'My purchases' });
  await expect(purchases.getByText('No purchases yet.')).toBeVisible();
  await axeInBothThemes(page, () => expect(purchases.getByRole('button', { name: 'Add AI Content Generator to my account' })).toBeVisible());
  await purchases.getByRole('button', { name: 'Add AI Content Generator to my account' }).click();
  await expectToast(page, 'Added to your account');
  const item = purchases.getByRole('listitem', { name: 'AI Content Generator' });
  await expect(item).toContainText('$39.99');
  await expect(purchases.getByRole('button', { name: /to my account$/ })).toHaveCount(0);
  await axeInBothThemes(page, () => expect(item.getByRole('button', { name: 'Get prompt' })).toBeVisible());
  const dialog = await openPrompt(page, item);
  await expect(dialog.getByLabel('AI system prompt')).toContainText('AI Content Generator');
});

/**
 * Layout shifts of the package card since the page loaded (the browser's layout-shift entries, as CLS counts them,
 * with a moved element inside the card): the Services page's billing line changes after hydration (config, session
 * check) and must not move Buy Now under the pointer. (The header's account links do change width once a session
 * is found, and move the header's other links; that is not counted here.)
 */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
    const w = window as Window & { __shifts?: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const inCard = entry.sources.some((source) => source.node instanceof Element && source.node.closest('.pricing-card') !== null);
        if (!entry.hadRecentInput && inCard) w.__shifts?.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as Window & { __shifts?: number[] }).__shifts ?? []);
}

test('a subscriber opens the billing portal from My Profile, and a signed-out one from the Services page', async ({ page, browser }) => {
  const user = await newUser();
  await signIn(page, user);
  const shifts = await recordLayoutShifts(page);
  await page.goto(`${site}/services`);
  // Signed in: the line under Buy Now says where to manage billing once the session check answered; nothing moved.
  await expect(page.getByRole('main').getByRole('link', { name: 'Manage billing' })).toHaveAttribute('href', '/profile');
  expect(await shifts()).toEqual([]);
  const { tab } = await payInNewTab(page, () => page.getByRole('button', { name: 'Buy Now' }).click());
  await tab.close();

  await page.goto(`${site}/profile`);
  const purchases = page.getByRole('region', { name: 'My purchases' });
  await expect(purchases.getByRole('listitem', { name: 'AI Agent Package' })).toContainText('Subscription active.');
  await axeInBothThemes(page, () => expect(purchases.getByRole('button', { name: 'Manage billing' })).toBeVisible());
  await purchases.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Cadence AI billing' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await expect(page.getByRole('row', { name: /AI Agent Package/ })).toContainText('Active');

  // Cancelling in the portal reaches the site (customer.subscription.deleted) and the staff.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('row', { name: /AI Agent Package/ })).toContainText('Cancelled');
  await delivered('customer.subscription.deleted');
  await page.getByRole('link', { name: 'Return to Cadence AI' }).click();
  await expect(page).toHaveURL(`${site}/profile`);
  await expect(page.getByRole('region', { name: 'My purchases' }).getByRole('listitem', { name: 'AI Agent Package' })).toContainText('Subscription cancelled.');

  // Not signed in (another browser): the Services page links the stage's portal login page.
  const visitor = await freshPage(browser);
  const visitorShifts = await recordLayoutShifts(visitor);
  await visitor.goto(`${site}/services`);
  await expect(visitor.getByRole('main').getByRole('link', { name: 'Manage billing' })).not.toHaveAttribute('href', '/profile');
  expect(await visitorShifts()).toEqual([]);
  await visitor.getByRole('link', { name: 'Manage billing' }).click();
  await expect(visitor.getByRole('heading', { name: 'Cadence AI billing' })).toBeVisible();
  await visitor.getByLabel('Email').fill(user.email);
  await visitor.getByRole('button', { name: 'Send me a link' }).click();
  await visitor.getByRole('link', { name: 'Open the billing portal' }).click();
  await expect(visitor.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await visitor.context().close();
});

test('the prompt is refused to another browser that knows the session id; the browser that paid still gets it; a refund takes it back', async ({ page, browser }) => {
  await page.goto(`${site}/marketplace`);
  const { tab, sessionId } = await payInNewTab(page, buyApp(page, 'AI Customer Support Bot'), uniqueEmail('guest'));
  await tab.close();
  await page.reload();
  await expect(await openPrompt(page, card(page, 'AI Customer Support Bot'))).toContainText('# System prompt: AI Customer Support Bot');

  // Someone who got the session id (a shared link, a copied localStorage) in a browser without the account:
  const other = await freshPage(browser);
  await other.addInitScript((id) => {
    window.localStorage.setItem('purchasedApps_v1', JSON.stringify(['ai-customer-support']));
    window.localStorage.setItem('purchaseSessions_v1', JSON.stringify({ 'ai-customer-support': id }));
  }, sessionId);
  await other.goto(`${site}/marketplace`);
  const refused = await openPrompt(other, card(other, 'AI Customer Support Bot'));
  await expect(refused.getByRole('alert')).toHaveText(purchaseMessages.otherBrowser);
  await other.context().close();

  // The operator refunds it in Stripe: charge.refunded reaches the site, and the prompt is gone.
  const paymentIntent = (await stripeState()).sessions[sessionId]?.payment_intent as string;
  const refund = await fetch(`${stripeUrl}/control/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payment_intent: paymentIntent }) });
  expect(refund.status).toBe(200);
  await delivered('charge.refunded');
  await page.reload();
  const afterRefund = await openPrompt(page, card(page, 'AI Customer Support Bot'));
  await expect(afterRefund.getByRole('alert')).toHaveText(purchaseMessages.refunded);
});
