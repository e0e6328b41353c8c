/**
 * The staff's side of booking (issue 41) through the local stack: a lead's demo moved or cancelled from the console
 * (the visitor told by an update or a cancellation of the same event, the change named after the staff member), the
 * day's calendar, the private calendar feed (made, read by ical.js, replaced, revoked), and the visitor's links
 * ending with the meeting (the booking handler in this process with its clock moved past the demo's end).
 */
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/contract/api';
import type { CalendarFeedAnswer, StaffBookingDetail, StaffCalendar } from '@shared/contract/bookings';
import { pastMeetingMessage } from '../../../lambdas/domain/bookings/book';
import { handler as bookings } from '../../../lambdas/handlers/bookings';
import { call } from '../../helpers/http-event';
import { fetchPastThrottle, testClientAddress } from '../../helpers/local-api';
import { localStack } from '../../helpers/local-stack';
import { callStaff, createStaffMember } from '../../helpers/staff';
import { book, calendarOf, mailsTo, newRequest, slotsOf } from './support';

afterEach(() => vi.useRealTimers());

/** The feed at `url` (its token), as a calendar program subscribed to it fetches it. */
async function feed(url: string): Promise<{ status: number; uids: string[] }> {
  const response = await fetchPastThrottle(`${localStack().apiUrl}/api/calendar-feed${new URL(url).search}`, { headers: { 'x-forwarded-for': testClientAddress } });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, uids: [] };
  expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
  return { status: 200, uids: events.map((e) => String(e.getFirstPropertyValue('uid'))) };
}

describe("a lead's demo in the staff console", () => {
  it('is moved and cancelled by staff, the visitor told each time by the same event, the day view showing it', async () => {
    const staff = await createStaffMember();
    const token = staff.tokens.accessToken;
    const r = await newRequest();
    const [a, b] = (await slotsOf(r.id, r.token)).body.slots.slice(-40, -38);
    expect((await book(r, a!.start)).status).toBe(200);
    const invite = calendarOf((await mailsTo(r.email, /demo is booked/))[0]!);

    // The day of the demo, as the console's day view asks for it.
    const dayStart = new Date(Date.parse(a!.start) - 12 * 3_600_000).toISOString();
    const day = await callStaff<StaffCalendar>(routes.listBookings, { from: dayStart, to: new Date(Date.parse(dayStart) + 86_400_000).toISOString() }, { token });
    expect(day.status).toBe(200);
    expect(day.body.bookings.find((x) => x.requestId === r.id)).toMatchObject({ state: 'booked', start: a!.start, uid: invite.uid });

    const moved = await callStaff<StaffBookingDetail>(routes.changeBooking, { id: r.id, action: 'move', start: b!.start }, { token });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ state: 'booked', start: b!.start, sequence: 1 });
    expect(moved.body.booking!.history.at(-1)).toMatchObject({ action: 'moved', by: staff.email, start: b!.start });
    const [update] = await mailsTo(r.email, /demo was moved/);
    expect(calendarOf(update!)).toMatchObject({ method: 'REQUEST', uid: invite.uid, sequence: 1, start: b!.start });

    const cancelled = await callStaff<StaffBookingDetail>(routes.changeBooking, { id: r.id, action: 'cancel' }, { token });
    expect(cancelled.body.booking).toMatchObject({ state: 'cancelled', sequence: 2 });
    expect(cancelled.body.booking!.history.at(-1)).toMatchObject({ action: 'cancelled', by: staff.email });
    const [cancel] = await mailsTo(r.email, /demo was cancelled/);
    expect(calendarOf(cancel!)).toMatchObject({ method: 'CANCEL', uid: invite.uid, sequence: 2, status: 'CANCELLED' });
  });
});

describe("a staff member's private calendar feed", () => {
  it('holds the booked demos for its secret URL only: a new URL ends the old one, a revoke ends both', async () => {
    const staff = await createStaffMember();
    const token = staff.tokens.accessToken;
    const r = await newRequest();
    const slot = (await slotsOf(r.id, r.token)).body.slots.at(-45)!;
    expect((await book(r, slot.start)).status).toBe(200);

    const made = await callStaff<CalendarFeedAnswer>(routes.manageCalendarFeed, { action: 'create' }, { token });
    expect(made.status).toBe(200);
    const first = made.body.url!;
    expect(first).toMatch(/\/api\/calendar-feed\?token=[A-Za-z0-9_-]{43}$/);
    expect((await feed(first)).uids).toContain(`demo-${r.id}@cadence-ai.example`);

    const second = (await callStaff<CalendarFeedAnswer>(routes.manageCalendarFeed, { action: 'create' }, { token })).body.url!;
    expect(second).not.toBe(first);
    expect((await feed(first)).status).toBe(404);
    expect((await feed(second)).status).toBe(200);

    expect((await callStaff(routes.manageCalendarFeed, { action: 'revoke' }, { token })).status).toBe(200);
    expect((await feed(second)).status).toBe(404);
    expect((await callStaff(routes.getBookingSettings, {}, { token })).body).toMatchObject({ hasFeed: false });
  });
});

describe("the visitor's links", () => {
  it('end with the meeting: after its end neither the pick link nor the cancel link changes it', async () => {
    const r = await newRequest();
    const slot = (await slotsOf(r.id, r.token)).body.slots.at(-50)!;
    expect((await book(r, slot.start)).status).toBe(200);
    const cancelToken = /\/book\/cancel\?request=[0-9a-f-]+&token=([A-Za-z0-9_-]{43})/.exec((await mailsTo(r.email, /demo is booked/))[0]!.body.text ?? '')![1]!;

    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(slot.end) + 60_000 });
    const gone = { status: 404, body: { message: pastMeetingMessage } };
    expect(await call(bookings, routes.getBookingSlots, undefined, { query: { request: r.id, token: r.token } })).toMatchObject(gone);
    expect(await call(bookings, routes.cancelDemo, { request: r.id, token: cancelToken })).toMatchObject(gone);
    vi.useRealTimers();
    expect((await slotsOf(r.id, r.token)).body.booking).toMatchObject({ state: 'booked', start: slot.start });
  });
});
