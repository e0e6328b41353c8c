/**
 * Booking a demo through the local stack (issue 41): the invitation, its update and its cancellation as calendar
 * programs read them (parsed with ical.js), exactly once under a race of 20 visitors, one booking per request,
 * the per-address limit, links that work only for their own request and purpose, and the availability: the
 * stage's defaults (BOOKING_DEFAULTS) until staff change it in the console.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import { slotTakenMessage, type BookingSettingsView } from '@shared/contract/bookings';
import type { DownloadAnswer, ErasureAnswer } from '@shared/contract/staff-console';
import { bookingMailId } from '../../../lambdas/domain/bookings/mails';
import { testBookingDefaults } from '../../helpers/local-stack';
import { createStaffMember, callStaff } from '../../helpers/staff';
import { storedSubmission } from '../../helpers/submissions';
import { emailLimitMessage } from '../../../lambdas/domain/bookings/book';
import { linkInvalidMessage } from '../../../lambdas/domain/bookings/visitor';
import { post } from '../../helpers/local-api';
import { supportRecipients } from '../lead-capture/support';
import { book, calendarOf, mailsTo, newRequest, slotsOf } from './support';

describe('a booked demo', () => {
  it('sends an invitation, an update with the same UID and a higher SEQUENCE, then METHOD:CANCEL', async () => {
    const r = await newRequest();
    const first = await slotsOf(r.id, r.token);
    expect(first.status).toBe(200);
    expect(first.body.booking).toBeUndefined();
    // The visitor preferred the afternoon (New York): those slots come first.
    expect(first.body.slots[0]?.preferred).toBe(true);
    const [a, , b] = first.body.slots.filter((s) => !s.preferred).slice(-3);
    expect(a && b).toBeTruthy();

    const booked = await book(r, a!.start);
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ state: 'booked', start: a!.start, end: a!.end, timeZone: 'Europe/Berlin' });

    const [toVisitor] = await mailsTo(r.email, /demo is booked/);
    const invite = calendarOf(toVisitor!);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, start: a!.start, end: a!.end, organizer: 'hello@cadence-ai.example', status: 'CONFIRMED' });
    expect(invite.attendees).toContain(r.email);
    expect(invite.uid).toBe(`demo-${r.id}@cadence-ai.example`);
    // The support recipients get the same event (found by its UID: other tests book for a "Booker" too).
    const staffInvites = async () => (await mailsTo(supportRecipients[0]!, /Demo booked: /, 1)).filter((m) => calendarOf(m).uid === invite.uid);
    await expect.poll(async () => (await staffInvites()).length, { timeout: 10_000 }).toBe(1);
    // Reschedule and cancel links for this request only; the visitor's mail holds none of the visitor's own text.
    const text = toVisitor!.body.text ?? '';
    expect(text).toContain(`/book?request=${r.id}&token=${r.token}`);
    expect(text).toMatch(new RegExp(`/book/cancel\\?request=${r.id}&token=[A-Za-z0-9_-]{43}`));
    expect(text).not.toContain('Booker');

    // Choosing again moves it: an update of the same event.
    const moved = await book(r, b!.start);
    expect(moved.body).toMatchObject({ state: 'booked', start: b!.start });
    const [update] = await mailsTo(r.email, /demo was moved/);
    expect(calendarOf(update!)).toMatchObject({ method: 'REQUEST', uid: invite.uid, sequence: 1, start: b!.start });
    // The old time is free again, the new one taken.
    const after = await slotsOf(r.id, r.token);
    expect(after.body.booking).toMatchObject({ state: 'booked', start: b!.start });
    expect(after.body.slots.map((s) => s.start)).toContain(a!.start);
    expect(after.body.slots.map((s) => s.start)).not.toContain(b!.start);

    // Cancel, through the cancel link's own token.
    const cancelToken = /\/book\/cancel\?request=[0-9a-f-]+&token=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
    const cancelled = await post('/api/bookings/cancel', { request: r.id, token: cancelToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled' });
    const [cancel] = await mailsTo(r.email, /demo was cancelled/);
    expect(calendarOf(cancel!)).toMatchObject({ method: 'CANCEL', uid: invite.uid, sequence: 2, status: 'CANCELLED' });
    // A second cancel changes nothing and sends nothing more.
    expect((await post('/api/bookings/cancel', { request: r.id, token: cancelToken })).status).toBe(200);
    await new Promise((res) => setTimeout(res, 500));
    expect(await mailsTo(r.email, /demo was cancelled/, 2, 500)).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('gives one of 20 visitors choosing the same slot at once the booking, and the 19 others a clear refusal', async () => {
    const requests = await Promise.all(Array.from({ length: 20 }, () => newRequest()));
    const { body } = await slotsOf(requests[0]!.id, requests[0]!.token);
    const slot = body.slots.at(-5)!;
    const answers = await Promise.all(requests.map((r) => book(r, slot.start)));
    const won = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const a of refused) expect(a).toMatchObject({ status: 422, body: { message: slotTakenMessage } });
    // The slot is gone for everyone.
    expect((await slotsOf(requests[1]!.id, requests[1]!.token)).body.slots.map((s) => s.start)).not.toContain(slot.start);
  });

  it('keeps one booking when one request is booked twice at the same moment', async () => {
    const r = await newRequest();
    const { body } = await slotsOf(r.id, r.token);
    const [x, y] = body.slots.slice(-12, -10);
    const answers = await Promise.all([book(r, x!.start), book(r, y!.start)]);
    const won = answers.filter((a) => a.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    const held = (await slotsOf(r.id, r.token)).body;
    // One booking, at one of the two times; the other time is free (the losing claim was given back).
    expect([x!.start, y!.start]).toContain(held.booking?.start);
    const other = held.booking?.start === x!.start ? y! : x!;
    expect(held.slots.map((s) => s.start)).toContain(other.start);
  });

  it('lets one address hold at most two active bookings over all its requests', async () => {
    const email = `many-${randomUUID().slice(0, 8)}@example.com`;
    const rs = [await newRequest(email), await newRequest(email), await newRequest(email)];
    const slots = (await slotsOf(rs[0]!.id, rs[0]!.token)).body.slots.slice(-20, -17);
    expect((await book(rs[0]!, slots[0]!.start)).status).toBe(200);
    expect((await book(rs[1]!, slots[1]!.start)).status).toBe(200);
    expect(await book(rs[2]!, slots[2]!.start)).toMatchObject({ status: 422, body: { message: emailLimitMessage(2) } });
  });
});

describe('the booking links', () => {
  it('work only for their own request and purpose', async () => {
    const [r, other] = await Promise.all([newRequest(), newRequest()]);
    const start = (await slotsOf(r.id, r.token)).body.slots.at(-25)!.start;
    // Another request's token, a made-up one, and no request at all.
    expect(await slotsOf(r.id, other.token)).toMatchObject({ status: 404, body: { message: linkInvalidMessage } });
    expect(await book({ id: r.id, token: other.token }, start)).toMatchObject({ status: 404, body: { message: linkInvalidMessage } });
    expect((await slotsOf(randomUUID(), r.token)).status).toBe(404);
    // The pick link does not cancel.
    expect(await post('/api/bookings/cancel', { request: r.id, token: r.token })).toMatchObject({ status: 404, body: { message: linkInvalidMessage } });
    // A time that is not a slot is refused by name.
    expect(await book(r, '2030-01-01T00:00:00.000Z')).toMatchObject({ status: 400, body: { fieldErrors: { start: [expect.any(String)] } } });
    // Bad input: 400 naming the field, never a 5xx.
    expect(await post('/api/bookings', { request: r.id, token: r.token, start, timeZone: 'Mars/Olympus' })).toMatchObject({ status: 400, body: { fieldErrors: { timeZone: [expect.any(String)] } } });
    expect(await post('/api/bookings', { request: r.id, token: 'x', start, timeZone: 'UTC' })).toMatchObject({ status: 400, body: { fieldErrors: { token: [expect.any(String)] } } });
  });
});

describe("a person's data", () => {
  it('holds their booking: exported, then erased with its mails and held reminders, the slot given back', async () => {
    const r = await newRequest();
    const slot = (await slotsOf(r.id, r.token)).body.slots.at(-30)!;
    expect((await book(r, slot.start)).status).toBe(200);
    const staff = await createStaffMember();
    const asStaff = { token: staff.tokens.accessToken };
    const exported = await callStaff<DownloadAnswer>(routes.exportPerson, { email: r.email }, asStaff);
    const file = (await (await fetch(exported.body.url)).json()) as { bookings: Record<string, unknown>[] };
    expect(file.bookings).toEqual([expect.objectContaining({ requestId: r.id, state: 'booked', start: slot.start, uid: `demo-${r.id}@cadence-ai.example` })]);

    const erased = await callStaff<ErasureAnswer>(routes.erasePerson, { email: r.email, confirm: r.email }, asStaff);
    expect(erased.status).toBe(200);
    expect(erased.body.erased.bookings).toBe(1);
    expect(await storedSubmission(bookingMailId(r.id, 0))).toBeUndefined();
    expect((await slotsOf(r.id, r.token)).status).toBe(404);
    const someoneElse = await newRequest();
    expect((await slotsOf(someoneElse.id, someoneElse.token)).body.slots.map((s) => s.start)).toContain(slot.start);
  });
});

describe('the availability', () => {
  it("is the stage's defaults (BOOKING_DEFAULTS) until staff change it in the console, and a change applies to the next visitor at once", async () => {
    const staff = await createStaffMember();
    const token = staff.tokens.accessToken;
    const shown = await callStaff<BookingSettingsView>(routes.getBookingSettings, {}, { token });
    expect(shown.body).toMatchObject({ customised: false, availability: testBookingDefaults });
    const r = await newRequest();
    const before = (await slotsOf(r.id, r.token)).body;
    expect(before.demoMinutes).toBe(45);
    // The first day with a slot, as the agency's zone names it, closed; demos of 30 minutes.
    const firstDay = new Intl.DateTimeFormat('en-CA', { timeZone: testBookingDefaults.timeZone }).format(new Date(before.slots[0]!.start));
    const changed = { ...testBookingDefaults, demoMinutes: 30, closedDates: [firstDay] };
    try {
      expect(await callStaff<BookingSettingsView>(routes.updateBookingSettings, changed, { token })).toMatchObject({ status: 200, body: { customised: true, availability: changed } });
      const after = (await slotsOf(r.id, r.token)).body;
      expect(after.demoMinutes).toBe(30);
      expect(after.slots.length).toBeGreaterThan(0);
      for (const s of after.slots) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * 60_000);
      const days = after.slots.map((s) => new Intl.DateTimeFormat('en-CA', { timeZone: testBookingDefaults.timeZone }).format(new Date(s.start)));
      expect(days).not.toContain(firstDay);
    } finally {
      // The stage's hours again for the files after this one.
      await callStaff(routes.updateBookingSettings, { ...testBookingDefaults }, { token });
    }
  });
});
