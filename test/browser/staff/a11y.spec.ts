/**
 * The staff console passes axe (WCAG 2.x A/AA, no serious or critical violation) in both themes, works from the
 * keyboard alone, and stays usable on a 360 px wide screen (no sideways scrolling, every row readable and openable).
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { storeTheme, type Theme } from '../site/support';
import { submitContact, submitDemo } from '../../integration/staff/support';
import { token } from '../lead-capture/support';
import { inboxTable, main, signInAsStaff, tabTo } from './support';

const t = token();
let demo: string;

test.beforeAll(async () => {
  demo = await submitDemo({ name: `Axe Person ${t}`, email: `axe-${t}@example.com`, message: 'A message with a line break:\nand a second line.' });
  await submitContact({ name: `Axe Contact ${t}`, email: `axe-${t}@example.com` });
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`every screen of the console, ${theme} theme`, async ({ page }) => {
    await storeTheme(page, theme);
    await signInAsStaff(page);
    await page.goto('/staff');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(main(page).getByRole('heading', { name: 'Open leads by age' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/staff/inbox?q=${t}`);
    await expect(inboxTable(page).getByRole('row')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/staff/submission?id=${demo}`);
    await expect(main(page).getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/staff/people?email=axe-${t}%40example.com`);
    await expect(main(page).getByRole('heading', { name: 'Erase' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('works from the keyboard: filter, open a submission, change its status with a note', async ({ page }) => {
  await signInAsStaff(page);
  await page.goto('/staff/inbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads inbox' })).toBeVisible();
  await tabTo(page, 'Search');
  await page.keyboard.type(t);
  await page.keyboard.press('Enter');
  await expect(inboxTable(page).getByRole('row')).toHaveCount(3);
  await tabTo(page, `Axe Person ${t}`);
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('heading', { name: 'Work this lead' })).toBeVisible();
  await tabTo(page, 'Status');
  await page.keyboard.press('ArrowDown');
  await tabTo(page, 'Internal note');
  await page.keyboard.type('Reached by keyboard.');
  await tabTo(page, 'Save');
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('region', { name: 'Audit trail' })).toContainText('Reached by keyboard.');
});

test.describe('on a 360 px wide screen', () => {
  test('the inbox stays usable: no sideways scrolling, each row readable and openable', async ({ page }) => {
    await signInAsStaff(page);
    // Signed in on a wide screen (the sign-in helper reads the header's links), then the phone's width.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/staff/inbox?q=${t}`);
    const row = inboxTable(page).getByRole('row').filter({ hasText: `Axe Person ${t}` });
    await expect(row).toBeVisible();
    // Each cell on a line of its own, named by its column (a CSS label, as the table's header is off screen).
    const email = row.getByRole('cell').filter({ hasText: `axe-${t}@example.com` });
    expect(await email.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Email: "');
    const cell = await email.boundingBox();
    expect((cell?.x ?? 999) + (cell?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await row.getByRole('link', { name: `Axe Person ${t}` }).click();
    await expect(main(page).getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The delivery log's action is within the screen's width, not cut off at its edge.
    const box = await main(page).getByRole('button', { name: 'Send again: Support mail' }).boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  });
});
