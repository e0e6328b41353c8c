/**
 * The booking pages (issue 41) pass axe (WCAG 2.x A/AA, no serious or critical violation) in both themes on a 360 px
 * wide screen without sideways scrolling: the visitor's /book (a booked demo and the free times) and /book/cancel,
 * and the staff's /staff/calendar with that demo in its week. And every booking form works from the keyboard alone.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { book, mailsTo, newRequest, slotsOf, type Request } from '../../integration/bookings/support';
import { storeTheme, type Theme } from '../site/support';
import { main, signInAsStaff } from '../staff/support';

let booked: Request;
let cancelLink: string;

/** Books the earliest free time for `r` (another test may take one meanwhile). */
async function bookEarliest(r: Request): Promise<void> {
  const starts = (await slotsOf(r.id, r.token)).body.slots.map((s) => s.start).sort();
  for (const start of starts) if ((await book(r, start)).status === 200) return;
  throw new Error('no free time could be booked');
}

test.beforeAll(async () => {
  booked = await newRequest();
  await bookEarliest(booked);
  const [invitation] = await mailsTo(booked.email, /demo is booked/);
  const link = /\/book\/cancel\?request=[0-9a-f-]+&token=[A-Za-z0-9_-]{43}/.exec(invitation?.body.text ?? '');
  expect(link).not.toBeNull();
  cancelLink = link![0];
});

const narrow = { width: 360, height: 780 };

async function expectNoSidewaysScrolling(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrow.width);
}

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`/book, /book/cancel and /staff/calendar, ${theme} theme, 360 px wide`, async ({ page }) => {
    await storeTheme(page, theme);
    await page.setViewportSize(narrow);
    await page.goto(`/book?request=${booked.id}&token=${booked.token}`);
    await expect(main(page)).toContainText('Your demo is booked for');
    await expect(main(page).getByRole('radio').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScrolling(page);

    await page.goto(cancelLink);
    await expect(main(page).getByRole('button', { name: 'Cancel the demo' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScrolling(page);

    // Signed in on a wide screen (the sign-in helper reads the header's links), then the phone's width.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsStaff(page);
    await page.setViewportSize(narrow);
    await page.goto('/staff/calendar');
    const agenda = main(page).getByRole('region', { name: /^Week of/ });
    const row = agenda.getByRole('row').filter({ hasText: booked.email });
    for (let week = 0; week < 3; week++) {
      await expect(agenda.getByRole('table').or(agenda.getByText('No demos in this week.'))).toBeVisible();
      if (await row.isVisible()) break;
      const title = await agenda.getByRole('heading').textContent();
      await main(page).getByRole('button', { name: 'Next' }).click();
      await expect(agenda.getByRole('heading')).not.toHaveText(title!);
    }
    await expect(row).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Save availability' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScrolling(page);
  });
}

/** Presses Tab until the focused element has this accessible name (its label, aria-label or text). */
async function tabTo(page: Page, name: string | RegExp, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const wrapping = el?.closest('label')?.textContent?.trim();
      return el?.getAttribute('aria-label') || wrapping || el?.textContent?.trim() || '';
    });
    if (typeof name === 'string' ? label === name : name.test(label)) return;
  }
  throw new Error(`could not reach ${String(name)} with Tab`);
}

test('every booking form works from the keyboard: book a time, cancel, and the staff feed', async ({ page }) => {
  const r = await newRequest();
  await page.goto(`/book?request=${r.id}&token=${r.token}`);
  await expect(main(page).getByRole('radio').first()).toBeVisible();
  await tabTo(page, /^Your time zone/);
  // Into the times: one radio group, the arrow keys choose.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  const chosen = main(page).getByRole('radio', { checked: true });
  await expect(chosen).toBeFocused();
  await tabTo(page, 'Book this time');
  await page.keyboard.press('Enter');
  const done = main(page).getByRole('status');
  await expect(done).toContainText('Your demo is booked for');
  await expect(done).toBeFocused();

  const [invitation] = await mailsTo(r.email, /demo is booked/);
  await page.goto(/\/book\/cancel\?request=[0-9a-f-]+&token=[A-Za-z0-9_-]{43}/.exec(invitation!.body.text ?? '')![0]);
  await tabTo(page, 'Cancel the demo');
  await page.keyboard.press('Enter');
  // The button is gone: the keyboard's focus is on what replaced it.
  await expect(main(page).getByRole('status')).toContainText('is cancelled');
  await expect(main(page).getByRole('status')).toBeFocused();

  await signInAsStaff(page);
  await page.goto('/staff/calendar');
  await expect(main(page).getByRole('button', { name: 'Save availability' })).toBeVisible();
  await tabTo(page, 'Make my feed address');
  await page.keyboard.press('Enter');
  await expect(main(page).getByLabel('Feed address (shown once)')).toHaveValue(/\/api\/calendar-feed\?token=/);
});
