/**
 * The whole booking path on the local stack (issue 41), in a Berlin time zone: submit the demo dialog, open the
 * confirmation mail's link, pick a slot shown in Berlin time, find the invitation in the mailbox and read it with
 * an iCalendar library (start, end, UID, attendee), reschedule (an update with the same UID), cancel
 * (METHOD:CANCEL), and see each step in the staff console.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from '../../helpers/mailbox';
import { calendarOf } from '../../integration/bookings/support';
import { fillDemo, openDemoDialog, token } from '../lead-capture/support';
import { signInAsStaff } from '../staff/support';

test.use({ timezoneId: 'Europe/Berlin' });

const berlin = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** The site path of the mail's link whose text is `text`. */
function linkIn(html: string, text: string): string {
  const match = new RegExp(`<a href="([^"]+)">${text}</a>`).exec(html);
  expect(match, text).not.toBeNull();
  const url = new URL(match![1]!.replaceAll('&amp;', '&'));
  return `${url.pathname}${url.search}`;
}

/** Chooses the first offered slot that is not `except`; answers its start. */
async function chooseSlot(page: Page, except?: string): Promise<string> {
  const radios = page.getByRole('main').getByRole('radio');
  await expect(radios.first()).toBeVisible();
  for (let i = 0; ; i++) {
    const radio = radios.nth(i);
    const start = (await radio.getAttribute('value'))!;
    if (start === except) continue;
    // Shown in Berlin time.
    await expect(radio.locator('xpath=ancestor::label[1]')).toContainText(berlin(start));
    await radio.check();
    return start;
  }
}

test('a visitor books, moves and cancels their demo, and the staff console shows each step', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const t = token();
  const email = `booker-${t}@example.com`;
  await page.goto('/');
  const { dialog } = await openDemoDialog(page);
  await fillDemo(dialog, t);
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Form submitted successfully!')).toBeVisible({ timeout: 15_000 });
  // The same step is offered on the site once the dialog has closed.
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Your demo request is in' }).getByRole('link', { name: 'Pick your demo time' })).toBeVisible();

  // The confirmation mail's link.
  const confirmation = await waitForMail({ to: email, subject: 'We received your demo request', timeoutMs: 15_000 });
  const pick = linkIn(confirmation.body.html ?? '', 'Pick your demo time');
  const requestId = new URL(pick, 'http://x').searchParams.get('request')!;
  await page.goto(pick);
  await expect(page.getByRole('heading', { level: 1, name: 'Pick your demo time' })).toBeVisible();
  await expect(page.getByLabel('Your time zone')).toHaveValue('Europe/Berlin');
  const first = await chooseSlot(page);
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your demo is booked for');
  await expect(page.getByRole('main').getByRole('status')).toContainText('(Europe/Berlin)');

  // The invitation, read by an iCalendar library.
  const invite = calendarOf(await waitForMail({ to: email, subject: /demo is booked/, timeoutMs: 15_000 }));
  expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, start: first, end: new Date(Date.parse(first) + 45 * 60_000).toISOString() });
  expect(invite.uid).toBe(`demo-${requestId}@cadence-ai.example`);
  expect(invite.attendees).toContain(email);

  // The staff console: the lead's booking and the calendar.
  const staffContext = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  const staff = await staffContext.newPage();
  await signInAsStaff(staff);
  const booking = staff.getByRole('region', { name: 'Demo booking' });
  const history = () => booking.getByRole('list', { name: 'Booking history' }).getByRole('listitem');
  await staff.goto(`/staff/submission?id=${requestId}`);
  await expect(history()).toHaveCount(1);
  await expect(history().first()).toContainText('Booked');
  await expect(booking.getByRole('table', { name: 'Mails of this booking' })).toContainText('Calendar mail to the visitor');
  await staff.goto('/staff/calendar');
  const row = staff.getByRole('row').filter({ hasText: `Dana Demo ${t}` });
  // Week by week to the demo's: each week's answer awaited before looking for the row (a week or a table shown).
  const agenda = staff.getByRole('region', { name: /^Week of/ });
  for (let i = 0; i < 4; i++) {
    await expect(agenda.getByRole('table').or(agenda.getByText('No demos in this week.'))).toBeVisible();
    if (await row.isVisible()) break;
    const week = (await agenda.getByRole('heading').textContent())!;
    await staff.getByRole('button', { name: 'Next' }).click();
    await expect(agenda.getByRole('heading')).not.toHaveText(week);
  }
  await expect(row).toContainText('Booked');

  // Reschedule from the same link: an update of the same event.
  await page.goto(pick);
  await expect(page.getByRole('main')).toContainText('Your demo is booked for');
  const second = await chooseSlot(page, first);
  await page.getByRole('button', { name: 'Move my demo to this time' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your demo is booked for');
  const updateMail = await waitForMail({ to: email, subject: /demo was moved/, timeoutMs: 15_000 });
  expect(calendarOf(updateMail)).toMatchObject({ method: 'REQUEST', uid: invite.uid, sequence: 1, start: second });
  await staff.goto(`/staff/submission?id=${requestId}`);
  await expect(history()).toHaveCount(2);
  await expect(history().nth(1)).toContainText('Moved');

  // Cancel from the mail's cancel link: METHOD:CANCEL.
  await page.goto(linkIn(updateMail.body.html ?? '', '[^"<]*/book/cancel[^<]*').replace(/^.*?(\/book\/cancel)/, '$1'));
  await page.getByRole('button', { name: 'Cancel the demo' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('is cancelled');
  const cancel = calendarOf(await waitForMail({ to: email, subject: /demo was cancelled/, timeoutMs: 15_000 }));
  expect(cancel).toMatchObject({ method: 'CANCEL', uid: invite.uid, sequence: 2 });
  await staff.reload();
  await expect(history()).toHaveCount(3);
  await expect(history().nth(2)).toContainText('Cancelled');
  await expect(booking).toContainText('Cancelled');
  await staffContext.close();
});
