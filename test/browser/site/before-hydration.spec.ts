/**
 * Every control of every prerendered page works when it is used before the app's code has run (a slow phone,
 * a script still loading): the click or the typing is not lost, it takes effect once the app is up.
 * (Links, <details> and forms work natively; the forms' submit buttons wait for the app, see
 * test/browser/lead-capture/before-hydration.spec.ts.)
 *
 * Each test runs on a CPU slowed down six times, holds back the app's entry script until the control has been
 * used (so the use always falls before hydration, however fast the machine), checks that the page has indeed
 * not been hydrated yet, then lets the script load and waits for the control's effect.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { marketplaceApps } from '@shared/content/catalogue';
import { waitForApp } from './support';

const demoDialog = (page: Page) => page.getByRole('dialog', { name: 'Book a Free Demo' });
const card = (page: Page, name: string) => page.getByRole('article', { name });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });

interface Control {
  readonly name: string;
  /** Uses the control (Playwright waits until it is visible). */
  readonly use: (page: Page) => Promise<void>;
  /** What the visitor sees once the app is up; `tab`: the next tab the page opens, for controls that open one. */
  readonly effect: (page: Page, tab: Promise<Page>) => Promise<void>;
  readonly mobile?: boolean;
  /** Opens the checkout in a new tab. */
  readonly opensTab?: boolean;
}

const click = (target: (page: Page) => Locator) => (page: Page) => target(page).click();

/** The header's controls, on every prerendered page (the not-found page too). */
const headerControls: Control[] = [
  {
    name: 'theme toggle',
    use: click((page) => page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' })),
    effect: async (page) => {
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    },
  },
  {
    name: 'menu button',
    mobile: true,
    use: click(menuButton),
    effect: async (page) => {
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' })).toBeVisible();
    },
  },
];

const demoButton = (name: string): Control => ({
  name,
  use: click((page) => page.getByRole('main').getByRole('button', { name, exact: true })),
  effect: async (page) => {
    await expect(demoDialog(page)).toBeVisible();
    await expect(demoDialog(page).getByRole('heading', { name: 'Book a Free Demo' })).toBeVisible();
  },
});

const checkoutTab: Pick<Control, 'opensTab' | 'effect'> = {
  opensTab: true,
  effect: async (_page, opened) => {
    const tab = await opened;
    await tab.waitForURL(/\/quick-checkout\?/);
    await expect(tab.getByRole('heading', { name: 'Quick Checkout (Fallback Mode)' })).toBeVisible();
  },
};

/** The first product the catalogue offers for a field and business type (what the Product select shows first). */
function firstProductOf(fieldId: string, subcategoryId: string): string {
  const field = marketplaceApps.flatMap((app) => app.fieldOptions ?? []).find((f) => f.id === fieldId);
  const product = field?.subcategories.find((s) => s.id === subcategoryId)?.products?.[0];
  if (!product) throw new Error(`the catalogue has no product for ${fieldId}/${subcategoryId}`);
  return product.id;
}

const pageControls: Record<string, Control[]> = {
  '/': [
    {
      // The page is where the visitor scrolled it when the app starts (and what they were about to press too).
      name: 'scrolling down',
      use: async (page) => {
        await page.getByRole('heading', { level: 1 }).hover();
        await page.mouse.wheel(0, 900);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      },
      effect: async (page) => {
        // Hydration has reached the footer (React has claimed its last element), and a moment more for its commit.
        await page.waitForFunction(() => {
          const last = document.querySelector('footer')?.lastElementChild;
          return last !== null && last !== undefined && Object.keys(last).some((key) => key.startsWith('__reactFiber'));
        });
        await page.waitForTimeout(500);
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      },
    },
    demoButton('Book a Free Demo'),
    {
      name: 'Get Started',
      use: click((page) => page.getByRole('button', { name: 'Get Started' })),
      effect: (page) => expect(page.locator('#why-choose h2')).toBeFocused(),
    },
    demoButton('Schedule Your Free Demo'),
  ],
  '/services': [
    { name: 'Buy Now', use: click((page) => page.getByRole('main').getByRole('button', { name: 'Buy Now' })), ...checkoutTab },
    demoButton('Book Your Free Demo'),
  ],
  '/about': [],
  '/contact': [
    demoButton('Book a Free Demo'),
    {
      // The form's fields are the browser's own: what was typed stays, and the form has it.
      name: 'a form field',
      use: (page) => page.getByLabel('Name', { exact: true }).fill('Ann Lee'),
      effect: async (page) => {
        await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
        await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ann Lee');
      },
    },
  ],
  '/idea-hub': [
    {
      name: 'Submit Your Idea',
      use: click((page) => page.getByRole('button', { name: 'Submit Your Idea' })),
      effect: (page) => expect(page.getByRole('heading', { name: 'Submit Your Idea', level: 2 })).toBeFocused(),
    },
  ],
  '/marketplace': [
    {
      name: 'a card',
      use: click((page) => page.getByRole('button', { name: 'AI Content Generator', exact: true })),
      effect: async (page) => {
        await expect(page.locator('#app-details-title')).toHaveText('AI Content Generator');
        await expect(card(page, 'AI Content Generator').getByText('Selected', { exact: true })).toBeVisible();
        // As after a choice on the hydrated page: the visitor lands on the panel that changed, not on the page's body.
        await expect(page.locator('#app-details-title')).toBeFocused();
      },
    },
    {
      name: 'a category tab',
      use: click((page) => page.getByRole('tab', { name: 'content' })),
      effect: async (page) => {
        await expect(page.getByRole('tab', { name: 'content' })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('article')).toHaveCount(1);
      },
    },
    {
      name: 'the search field',
      use: (page) => page.getByRole('searchbox', { name: 'Search apps' }).fill('support'),
      effect: async (page) => {
        await expect(page.getByRole('article')).toHaveCount(1);
        await expect(card(page, 'AI Customer Support Bot')).toBeVisible();
      },
    },
    {
      name: 'a customization select',
      use: async (page) => {
        await page.getByRole('group', { name: 'Customize Your AI Agent' }).getByLabel('Business type').selectOption({ label: 'Restaurants' });
      },
      effect: (page) => expect(page.getByRole('group', { name: 'Customize Your AI Agent' }).getByLabel('Product')).toHaveValue('reservation-bot'),
    },
    {
      // The second list depends on the first: both choices must reach the page, in the order they were made.
      name: 'two cascading selects in a row',
      use: async (page) => {
        const group = page.getByRole('group', { name: 'Customize Your AI Agent' });
        await group.getByLabel('Field').selectOption({ label: 'Healthcare' });
        await group.getByLabel('Business type').selectOption({ label: 'Medical Offices' });
      },
      effect: async (page) => {
        const group = page.getByRole('group', { name: 'Customize Your AI Agent' });
        await expect(group.getByLabel('Field')).toHaveValue('healthcare');
        await expect(group.getByLabel('Business type')).toHaveValue('medical-offices');
        await expect(group.getByLabel('Product')).toHaveValue(firstProductOf('healthcare', 'medical-offices'));
      },
    },
    {
      name: 'Buy Now of the selected app',
      use: click((page) => page.locator('#app-details-title').locator('xpath=ancestor::section').getByRole('button', { name: 'Buy Now' })),
      ...checkoutTab,
    },
    { name: "a card's Buy Now", use: click((page) => card(page, 'AI Customer Support Bot').getByRole('button', { name: 'Buy Now' })), ...checkoutTab },
  ],
  '/no-such-page': [],
};

/** The app's entry script, as the page's HTML names it. */
async function entryScript(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const src = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`${path} has no entry script`);
  return src;
}

const hydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));

for (const [path, controls] of Object.entries(pageControls)) {
  for (const control of [...headerControls, ...controls]) {
    test.describe(() => {
      if (control.mobile) test.use({ viewport: { width: 390, height: 844 } });

      test(`${path}: ${control.name} used before the app has loaded takes effect`, async ({ page }) => {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
        const entry = await entryScript(page, path);
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        await page.route(`**${entry}`, async (route) => {
          await released;
          await route.continue();
        });

        // The HTML is shown while the entry script is held back: the page looks ready but nothing runs.
        await page.goto(path, { waitUntil: 'commit' });
        await control.use(page);
        expect(await hydrated(page), 'the control was used before hydration').toBe(false);

        const tab = control.opensTab ? page.context().waitForEvent('page') : new Promise<Page>(() => {});
        release();
        await waitForApp(page);
        await control.effect(page, tab);
      });
    });
  }
}
