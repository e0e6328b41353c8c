/**
 * What the router gives every page (react-router's data router, web/src/app/routes): a new page starts at the
 * top, back/forward and reload return to where the visitor was, the title follows, and a screen whose code cannot
 * load shows the error page between the header and the footer.
 */
import { expect, type Page, test } from '@playwright/test';
import { collectErrors, waitForApp } from './support';

const HOME = 'Custom AI agents that work while you sleep';
const ABOUT = 'We build AI agents that teams actually trust';
const SERVICES = 'AI agents, set up and supported end to end';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const mainLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

test.use({ viewport: { width: 1280, height: 800 } });

test('a new page starts at the top; back, forward and reload return to where the visitor was', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await waitForApp(page);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => scrollY(page)).toBe(1500);

  // A click where the link is (the header is sticky); Playwright's click() would first scroll it "into view".
  await mainLink(page, 'About').dispatchEvent('click');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ABOUT);
  await expect(page).toHaveTitle('About us | Cadence AI');
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => scrollY(page)).toBe(400);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME);
  await expect(page).toHaveTitle(/^Cadence AI: custom AI agents/);
  await expect.poll(() => scrollY(page)).toBe(1500);

  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ABOUT);
  await expect.poll(() => scrollY(page)).toBe(400);

  // A reload of that entry comes back to the same place too (positions survive in sessionStorage).
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ABOUT);
  await expect.poll(() => scrollY(page)).toBe(400);

  // A later visit (a new history entry, typed or from another site) starts at the top again.
  await page.goto('/');
  await page.goto('/about');
  await waitForApp(page);
  await expect.poll(() => scrollY(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("a screen that cannot load shows 'Unexpected Application Error!' between header and footer; the next page works", async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.route(/\/assets\/AboutPage-[\w-]+\.js/, (route) => route.abort());
  await mainLink(page, 'About').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  await expect(page).toHaveURL('/about');
  // Only the screen is replaced: the header and the footer stay, with working links.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');

  await mainLink(page, 'Services').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SERVICES);
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
});
