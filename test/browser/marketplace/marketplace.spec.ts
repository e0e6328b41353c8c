/** /marketplace: detail panel, selection, search, tabs, cards, the customization cascade and Buy Now. */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { card, expectToast } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Apps Marketplace' })).toBeVisible();
});

const details = (page: import('@playwright/test').Page) => page.getByRole('region', { name: /./ }).filter({ has: page.locator('#app-details-title') });

test('shows the first app in the detail panel and marks its card Selected', async ({ page }) => {
  await expect(page.locator('#app-details-title')).toHaveText('AI Agent System Prompt Generator');
  await expect(card(page, 'AI Agent System Prompt Generator').getByText('Selected', { exact: true })).toBeVisible();
  await expect(page.getByText('Selected', { exact: true })).toHaveCount(1);
  const panel = details(page);
  for (const feature of ['Industry-specific prompts', 'Business-tailored interactions', 'Customizable tone and style', 'Optimized for performance', 'Unlimited revisions', 'Downloadable prompt files']) {
    await expect(panel.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
  }
  await expect(panel.getByText('$49.99')).toBeVisible();
  await expect(panel.getByText('One-time payment')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Buy Now' })).toBeVisible();
});

test('clicking a card selects it and scrolls to the top', async ({ page }) => {
  const support = card(page, 'AI Customer Support Bot');
  await support.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // Anywhere on the card (here its middle, over the feature list), not only its name.
  const box = await support.getByText('Order and booking lookups').boundingBox();
  if (!box) throw new Error('feature not laid out');
  await page.mouse.click(box.x + 5, box.y + box.height / 2);
  await expect(page.locator('#app-details-title')).toHaveText('AI Customer Support Bot');
  await expect(support.getByText('Selected', { exact: true })).toBeVisible();
  await expect(card(page, 'AI Agent System Prompt Generator').getByText('Selected', { exact: true })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(details(page).getByText('$59.99')).toBeVisible();
  // Apps without field options have no customization.
  await expect(page.getByRole('group', { name: 'Customize Your AI Agent' })).toHaveCount(0);
});

test('a card can be selected by keyboard', async ({ page }) => {
  await page.getByRole('button', { name: 'AI Content Generator' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#app-details-title')).toHaveText('AI Content Generator');
  await expect(page.locator('#app-details-title')).toBeFocused();
});

test('cards show image, category, name, description, three features, "+ n more features", price and Buy Now', async ({ page }) => {
  const grid = page.getByRole('tabpanel', { name: 'Available Apps' });
  await expect(grid.getByRole('heading', { name: 'Available Apps' })).toBeVisible();
  const expected = [
    ['AI Agent System Prompt Generator', 'Productivity', '$49.99', '+ 3 more features', ['Industry-specific prompts', 'Business-tailored interactions', 'Customizable tone and style'], 'Optimized for performance'],
    ['AI Content Generator', 'Content', '$39.99', '+ 2 more features', ['Blog posts and articles', 'Social media captions', 'Email newsletters'], 'Product descriptions'],
    ['AI Customer Support Bot', 'Customer Service', '$59.99', '+ 1 more features', ['24/7 automated answers', 'Trained on your FAQs', 'Order and booking lookups'], 'Human hand-over rules'],
  ] as const;
  for (const [name, category, price, more, shown, hidden] of expected) {
    const c = card(page, name);
    await expect(c.locator('img')).toHaveJSProperty('complete', true);
    expect(await c.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(c.getByText(category, { exact: true })).toBeVisible();
    await expect(c.getByRole('listitem')).toHaveText([...shown]);
    await expect(c.getByText(hidden)).toHaveCount(0);
    await expect(c.getByText(more, { exact: true })).toBeVisible();
    await expect(c.getByText(price, { exact: true })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  }
});

test('search filters by name or description, case-insensitively', async ({ page }) => {
  const search = page.getByPlaceholder('Search apps...');
  await search.fill('CONTENT');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'AI Content Generator')).toBeVisible();
  // "hands complex cases to your team" is only in the support bot's description.
  await search.fill('complex cases');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'AI Customer Support Bot')).toBeVisible();
  await search.fill('spaceship');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByText('No apps found matching your search.')).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('article')).toHaveCount(3);
});

test('category tabs: All Apps plus each category in lowercase', async ({ page }) => {
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['All Apps', 'productivity', 'content', 'customer service']);
  await expect(page.getByRole('tab', { name: 'All Apps' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'customer service' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'AI Customer Support Bot')).toBeVisible();
  // Arrow keys move between tabs.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'content' })).toBeFocused();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'AI Content Generator')).toBeVisible();
  // Search and tab combine.
  await page.getByRole('tab', { name: 'productivity' }).click();
  await page.getByPlaceholder('Search apps...').fill('content');
  await expect(page.getByText('No apps found matching your search.')).toBeVisible();
  await page.getByRole('tab', { name: 'All Apps' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('customization: three cascading selects with descriptions and the reset rules', async ({ page }) => {
  const group = page.getByRole('group', { name: 'Customize Your AI Agent' });
  const field = group.getByLabel('Field');
  const business = group.getByLabel('Business type');
  const product = group.getByLabel('Product');
  await expect(field.locator('option')).toHaveText(['Customer Support', 'Healthcare', 'Finance', 'Marketing', 'Scheduling', 'Creative', 'Security', 'HR', 'Industry-Specific']);
  await expect(business.locator('option')).toHaveText([
    'Dentistry Offices',
    'Auto Shops',
    'Stores & Shops',
    'Restaurants',
    'Hotels',
    'Education',
    'Medical Offices',
    'Financial Advisors',
    'Small Business & Others',
  ]);
  await expect(field).toHaveValue('customer-support');
  await expect(product).toHaveValue('appointment-reminder-bot');
  await expect(group.getByText('Confirms upcoming cleanings and treatments')).toBeVisible();

  // Subcategory change: the product goes back to that subcategory's first.
  await business.selectOption({ label: 'Restaurants' });
  await expect(product).toHaveValue('reservation-bot');
  await product.selectOption({ label: 'Takeout Order Helper' });
  await expect(group.getByText('Answers pickup and delivery questions')).toBeVisible();
  await business.selectOption({ label: 'Hotels' });
  await expect(product).toHaveValue('guest-concierge-bot');

  // Field change: subcategory back to its first, product to that one's first.
  await field.selectOption({ label: 'Finance' });
  await expect(business).toHaveValue('dentistry-offices');
  await expect(product).toHaveValue('invoice-processor');
  await expect(group.getByText('Billing, invoicing, payments and financial admin')).toBeVisible();
  await expect(group.getByText('Billing, payment plans and insurance claims for dental practices.')).toBeVisible();

  // A field without products: the product select has nothing to choose.
  await business.selectOption({ label: 'Auto Shops' });
  await field.selectOption({ label: 'Marketing' });
  await expect(business).toHaveValue('dentistry-offices');
  await expect(product).toBeDisabled();

  // The choice survives a reload (the purchase happens in another tab).
  await field.selectOption({ label: 'Healthcare' });
  await page.reload();
  await expect(page.getByRole('group', { name: 'Customize Your AI Agent' }).getByLabel('Field')).toHaveValue('healthcare');
});

test("'What happens after payment?' expands", async ({ page }) => {
  const summary = page.getByText('What happens after payment?');
  const explanation = page.getByText('you receive a customization form for the field, business type and product');
  await expect(explanation).toBeHidden();
  await summary.click();
  await expect(explanation).toBeVisible();
  await expect(page.getByText('generate a tailored system prompt')).toBeVisible();
});

test('Buy Now opens the checkout in a new tab (the fallback checkout while Stripe is not configured)', async ({ page, context }) => {
  const requests: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/create-payment')) requests.push(r.postDataJSON());
  });
  const popup = context.waitForEvent('page');
  await card(page, 'AI Content Generator').getByRole('button', { name: 'Buy Now' }).click();
  const tab = await popup;
  await tab.waitForURL('**/quick-checkout?product=ai-content-gen&fallback=true');
  await expect(tab.getByRole('heading', { name: 'Quick Checkout (Fallback Mode)' })).toBeVisible();
  expect(requests).toEqual([{ type: 'marketplace', productId: 'ai-content-generator', appName: 'AI Content Generator' }]);
  await expect(page).toHaveURL(/\/marketplace$/);
});

test('payment errors: the function’s message, else "Payment error", and a missing URL', async ({ page, context }) => {
  let answer: { status: number; body: string } = { status: 503, body: JSON.stringify({ message: 'Payments are paused for maintenance.' }) };
  await page.route('**/api/create-payment', (route) => route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }));
  const pagesBefore = context.pages().length;

  await page.locator('#app-details-title').locator('xpath=ancestor::section').getByRole('button', { name: 'Buy Now' }).click();
  await expectToast(page, 'Error', 'Payments are paused for maintenance.', 'destructive');

  // A function that answers its message as `error` is heard too.
  answer = { status: 500, body: JSON.stringify({ error: 'Stripe is not reachable.' }) };
  await card(page, 'AI Content Generator').getByRole('button', { name: 'Buy Now' }).click();
  await expectToast(page, 'Error', 'Stripe is not reachable.', 'destructive');

  answer = { status: 500, body: '' };
  await card(page, 'AI Content Generator').getByRole('button', { name: 'Buy Now' }).click();
  await expectToast(page, 'Error', 'Payment error', 'destructive');

  answer = { status: 200, body: JSON.stringify({}) };
  await card(page, 'AI Customer Support Bot').getByRole('button', { name: 'Buy Now' }).click();
  await expectToast(page, 'Error', 'Could not get Stripe checkout URL.', 'destructive');
  // The blank tabs opened for the checkout were closed again.
  await expect.poll(() => context.pages().length).toBe(pagesBefore);
});

test('no serious accessibility violations in either theme', async ({ page }) => {
  // No colour transitions: axe must measure the theme's final colours, not a frame in between.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const theme of ['dark', 'light']) {
    // The stored theme is applied before first paint, as for a visitor who chose it earlier.
    await page.evaluate((t) => window.localStorage.setItem('theme', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByText('What happens after payment?').click();
    await expectNoSeriousA11yViolations(page);
  }
});

test.describe('prerendered', () => {
  test('the page is in the HTML and hydrates without errors, then shows this browser’s purchases', async ({ browser, request }) => {
    const html = await (await request.get('/marketplace')).text();
    expect(html).toContain('AI Apps Marketplace');
    expect(html).toContain('Available Apps');
    expect(html).toContain('+ 3 more features');

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => window.localStorage.setItem('purchasedApps_v1', '["ai-content-generator"]'));
    await page.goto('/marketplace');
    await expect(card(page, 'AI Content Generator').getByRole('button', { name: 'Get prompt' })).toBeVisible();
    await expect(card(page, 'AI Customer Support Bot').getByRole('button', { name: 'Buy Now' })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
});
