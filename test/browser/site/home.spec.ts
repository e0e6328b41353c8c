/**
 * Home (spec 000_87e5fbf87b6c3f39.txt §1, 2, 4, 9): hero with the inquiry button (opens the demo dialog) and 'Get Started' (smooth
 * scroll to why-choose), the hero card (5.0, 'Trusted by 3 businesses'), the hero image's loading / loaded /
 * failed states with a cache-busted request, why-choose, features, pricing, the 4-step approach, the CTA.
 */
import { expect, test } from '@playwright/test';
import { waitForApp } from './support';

const HERO_IMAGE = /hero-dashboard-[\w-]+\.svg/;

test('hero, hero card and every marketing claim are on the page', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Custom AI agents that work while you sleep');
  await expect(main.getByText('5.0', { exact: false }).first()).toBeVisible();
  await expect(main.getByText('Trusted by 3 businesses')).toBeVisible();
  for (const claim of ['3-week discovery phase', '2-week optimization phase', 'dedicated support', '30-45 minutes', 'within 24 hours', 'up to 30%', '80%', '15+ hours saved per week']) {
    await expect(main, claim).toContainText(new RegExp(claim.replace(/[+]/g, '\\+'), 'i'));
  }
  await expect(main.getByRole('heading', { name: 'Why businesses choose us' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Agents for the work that piles up' })).toBeVisible();
  const pricing = main.getByRole('article', { name: 'AI Agent Package' });
  await expect(pricing).toContainText('MOST POPULAR');
  await expect(pricing).toContainText('$800');
  await expect(pricing).toContainText('one-time setup');
  await expect(pricing).toContainText('$200');
  await expect(pricing).toContainText('per month per agent');
  const steps = main.getByRole('region', { name: 'Our 4-step approach' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(main.getByRole('button', { name: 'Schedule Your Free Demo' })).toBeVisible();
});

test("'Get Started' smooth-scrolls to the why-choose section and moves focus there", async ({ page }) => {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { scrollCalls: unknown[] }).scrollCalls = calls;
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
      calls.push({ id: this.id, arg });
      return original.call(this, arg);
    };
  });
  await page.goto('/');
  await waitForApp(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('button', { name: 'Get Started' }).click();
  const section = page.locator('#why-choose');
  // It ends just below the sticky header (64 px).
  await expect.poll(async () => Math.round((await section.boundingBox())?.y ?? 9999), { timeout: 5000 }).toBe(64);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  expect(await page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls)).toEqual([
    { id: 'why-choose', arg: { behavior: 'smooth', block: 'start' } },
  ]);
  await expect(page.getByRole('heading', { name: 'Why businesses choose us' })).toBeFocused();
});

test('the inquiry button opens the demo dialog', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Book a Free Demo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the call to action opens the demo dialog too', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Schedule Your Free Demo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('hero image: loading, then loaded, from a request that is cache-busted on every load', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => {
    if (HERO_IMAGE.test(r.url())) requested.push(r.url());
  });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(HERO_IMAGE, async (route) => {
    await held;
    await route.continue();
  });
  // The request starts while the page loads (before the app's code), so the load event waits for it.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const visual = page.locator('.hero-visual');
  await expect(visual).toHaveAttribute('data-state', 'loading');
  await expect(visual).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(visual).toHaveAttribute('data-state', 'loaded');
  const image = page.getByRole('img', { name: /Cadence AI agent dashboard/ });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /\?v=\d+$/);
  await expect(image).toHaveAttribute('width', '640');
  await expect(image).toHaveAttribute('height', '480');

  await page.unroute(HERO_IMAGE);
  await page.reload();
  await expect(page.locator('.hero-visual')).toHaveAttribute('data-state', 'loaded');
  const distinct = new Set(requested);
  expect(distinct.size).toBe(2);
  for (const url of distinct) expect(url).toMatch(/\?v=\d+$/);
});

test('hero image: a failed request falls back to a card', async ({ page }) => {
  await page.route(HERO_IMAGE, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('.hero-visual')).toHaveAttribute('data-state', 'failed');
  await expect(page.getByText('Your AI team, on call')).toBeVisible();
  await expect(page.getByRole('img', { name: /agent dashboard/ })).toHaveCount(0);
});

test('the hero keeps its place while the image loads (no layout shift)', async ({ page }) => {
  await page.goto('/');
  const before = await page.locator('.hero-card').boundingBox();
  await expect(page.locator('.hero-visual')).toHaveAttribute('data-state', 'loaded');
  const after = await page.locator('.hero-card').boundingBox();
  expect(after).toEqual(before);
});

test('hero image: shown before the app has loaded (it is the largest paint of the first screen)', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for the load event: it waits for the app's code, which is held.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('.hero-visual')).toHaveAttribute('data-state', 'loaded');
  await expect(page.getByRole('img', { name: /Cadence AI agent dashboard/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Cadence AI agent dashboard/ })).toHaveAttribute('src', /\?v=\d+$/);
  expect(await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')))).toBe(false);
  release();
  await waitForApp(page);
  // The app takes the picture over as it is: no second request, still shown.
  await expect(page.locator('.hero-visual')).toHaveAttribute('data-state', 'loaded');
  await expect(page.getByRole('img', { name: /Cadence AI agent dashboard/ })).toBeVisible();
});
