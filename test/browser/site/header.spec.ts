/**
 * Header and footer on every page (spec 000_87e5fbf87b6c3f39.txt §2): the six links in order, the account link, the theme toggle;
 * a row from 768 px, a menu button below (aria-expanded/aria-controls, Escape and navigation close it).
 */
import { expect, test } from '@playwright/test';
import { marketingRoutes, waitForApp } from './support';

const aboutHeading = marketingRoutes.find((r) => r.path === '/about')!.heading;

const links = [
  ['Home', '/'],
  ['Services', '/services'],
  ['Idea Hub', '/idea-hub'],
  ['Marketplace', '/marketplace'],
  ['About', '/about'],
  ['Contact', '/contact'],
] as const;

test.describe('header on a wide screen (768 px and up)', () => {
  test.use({ viewport: { width: 768, height: 900 } });

  test('shows the six links in a row, Sign In and the theme toggle, without a menu button', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const navLinks = nav.getByRole('link');
    for (const [index, [name, href]] of links.entries()) {
      await expect(navLinks.nth(index)).toHaveText(name);
      await expect(navLinks.nth(index)).toHaveAttribute('href', href);
      await expect(navLinks.nth(index)).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('button', { name: /Switch to (light|dark) theme/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    // One row: every link's top edge is level with Home's.
    const tops = await navLinks.evaluateAll((els) => els.slice(0, 6).map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  test('each link opens its page and the title follows', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [...links.slice(1), links[0]]) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(href);
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveTitle('Services: the AI agent package | Cadence AI');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\$800 setup/);
  });

  test('footer has the links, /marketplace among them, and the current year', async ({ page }) => {
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    const footerNav = footer.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of links) await expect(footerNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Cadence AI`);
  });
});

test.describe('header below 768 px', () => {
  test.use({ viewport: { width: 767, height: 900 } });

  test('collapses the links behind a menu button that says whether it is open', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveAttribute('aria-controls', 'site-nav');
    const services = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' });
    await expect(services).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#site-nav')).toBeVisible();
    await expect(services).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(services).toBeHidden();
  });

  test('Escape closes the menu and returns focus to its button', async ({ page }) => {
    await page.goto('/about');
    await waitForApp(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toBeHidden();
  });

  test('choosing a link navigates and closes the menu', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).click();
    await expect(page).toHaveURL('/marketplace');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' })).toBeHidden();
  });

  test('a menu opened while the next screen is still loading stays open when the screen arrives', async ({ page }) => {
    // The About screen's chunk is held back, as on a slow connection.
    let release: () => void = () => undefined;
    let requested: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const loading = new Promise<void>((resolve) => (requested = resolve));
    await page.route('**/assets/AboutPage-*.js', async (route) => {
      requested();
      await held;
      await route.continue();
    });
    await page.goto('/');
    await waitForApp(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await loading;
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    release();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1, name: aboutHeading })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toBeVisible();
  });

  test('back and forward close an open menu too', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: aboutHeading })).toBeVisible();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
