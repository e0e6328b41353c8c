/**
 * Booking a demo (issue 41): what the visitor's booking page, the staff console and the API agree on. A demo request
 * (the spec's dialog, unchanged) ends in a booked meeting: the visitor picks a free slot in their own time zone, and
 * both sides get the meeting in their calendars. Inputs are validated by ./schemas/bookings.ts.
 *
 * Time: every instant crosses the API as an ISO UTC string; slots are computed on the server in the agency's zone
 * (lambdas/domain/bookings/slots.ts, luxon) and shown in the browser in the visitor's zone with `Intl` alone, so the
 * visitor's page loads no time-zone library.
 */
import type { DeliveryState } from './staff-console';

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

export const weekdayLabels: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Opening hours of one weekday in the agency's zone, `HH:MM`-`HH:MM` (`24:00` is the day's end). */
export interface HoursWindow {
  readonly from: string;
  readonly to: string;
}

/**
 * When demos can be booked: the agency controls it (defaults per stage in infra/stages.ts `booking`; staff change it
 * in the console, /staff/calendar). Plain fields: the staff overview counts bookings from the same records.
 */
export interface Availability {
  /** IANA zone of the weekly hours and closed dates (the spec's EST times: America/New_York). */
  readonly timeZone: string;
  readonly weeklyHours: Readonly<Record<Weekday, readonly HoursWindow[]>>;
  /** The demo's length (the spec's 30-45 minutes). */
  readonly demoMinutes: number;
  /** Kept free after each demo; the next slot starts after it. */
  readonly bufferMinutes: number;
  /** How long before its start a slot can still be booked or moved. */
  readonly minimumNoticeHours: number;
  /** How many days ahead (from today in the agency's zone) slots are offered. */
  readonly horizonDays: number;
  /** Days (YYYY-MM-DD, agency zone) without demos. */
  readonly closedDates: readonly string[];
  /** How many demos can run at the same time (seats per slot). */
  readonly concurrentDemos: number;
  /** Where the meeting happens: the video-call link every invitation carries. */
  readonly meetingUrl: string;
  /** Active (future) bookings one e-mail address may hold at once, over all its demo requests. */
  readonly bookingsPerEmail: number;
}

const workday: readonly HoursWindow[] = [{ from: '09:00', to: '17:00' }];

/** The built-in availability (the local stack's, and what a stage starts from). */
export const defaultAvailability: Availability = {
  timeZone: 'America/New_York',
  weeklyHours: { mon: workday, tue: workday, wed: workday, thu: workday, fri: workday, sat: [], sun: [] },
  demoMinutes: 45,
  bufferMinutes: 15,
  minimumNoticeHours: 4,
  horizonDays: 21,
  closedDates: [],
  concurrentDemos: 1,
  meetingUrl: 'https://meet.cadence-ai.example/demo',
  bookingsPerEmail: 2,
};

/**
 * The spec's preferred times of day, as windows of New York's wall time (`preferredTimesZone`): the choices say
 * "EST" whatever zone a stage's agency works in. Slots inside the visitor's choice are offered first.
 */
export const preferredTimesZone = 'America/New_York';
export const preferredWindows: Readonly<Record<string, HoursWindow>> = {
  morning: { from: '09:00', to: '12:00' },
  afternoon: { from: '13:00', to: '17:00' },
  evening: { from: '18:00', to: '21:00' },
};

export interface Slot {
  /** ISO UTC. */
  readonly start: string;
  readonly end: string;
  /** Inside the visitor's preferred time of day. */
  readonly preferred: boolean;
}

export type BookingState = 'booked' | 'cancelled';

/** Who changed a booking: the visitor (through their links) or a staff member (by e-mail address). */
export interface BookingChange {
  readonly at: string;
  readonly action: 'booked' | 'moved' | 'cancelled';
  readonly by: string;
  readonly start?: string;
  readonly from?: string;
}

/** A booking as the visitor sees it. */
export interface BookingView {
  readonly state: BookingState;
  readonly start: string;
  readonly end: string;
  /** The visitor's zone as they last chose it. */
  readonly timeZone: string;
  readonly meetingUrl: string;
}

/** GET /api/bookings/slots: what the booking page shows. */
export interface SlotsAnswer {
  /** The demo request's reference (its confirmation mail quotes it). */
  readonly reference: string;
  readonly preferredTime: string;
  readonly booking?: BookingView;
  readonly slots: readonly Slot[];
  readonly demoMinutes: number;
  /** The agency's zone, for "9 AM - 12 PM EST"-style hints. */
  readonly agencyTimeZone: string;
}

/** The refusal when a slot's seats were all taken between showing and booking it. */
export const slotTakenMessage = 'This time was just taken. Please pick another.';

/** One mail of a booking (invitation, update, cancellation, reminder) as the staff's delivery log shows it. */
export interface BookingMessageView {
  readonly id: string;
  readonly sequence: number;
  readonly target: string;
  readonly label: string;
  readonly state: DeliveryState;
  readonly attempts: number;
  readonly dueAt?: string;
  readonly sentAt?: string;
  readonly lastError?: string;
  readonly reason?: string;
}

/** A booking as staff see it (the calendar's rows, the lead's panel). */
export interface StaffBookingView {
  readonly requestId: string;
  readonly reference: string;
  readonly state: BookingState;
  readonly start: string;
  readonly end: string;
  readonly name: string;
  readonly email: string;
  readonly company: string;
  readonly timeZone: string;
  /** The iCalendar UID every invitation, update and cancellation of this booking carries. */
  readonly uid: string;
  readonly sequence: number;
  readonly history: readonly BookingChange[];
}

/** GET /api/staff/booking: the booking of one demo request, with its mails. */
export interface StaffBookingDetail {
  readonly booking?: StaffBookingView;
  readonly messages: readonly BookingMessageView[];
  /** Free slots to move it to (agency zone rules, no visitor preference). */
  readonly slots: readonly Slot[];
}

/** GET /api/staff/bookings: the calendar between two instants. */
export interface StaffCalendar {
  readonly from: string;
  readonly to: string;
  readonly timeZone: string;
  readonly bookings: readonly StaffBookingView[];
}

/** GET /api/staff/booking-settings. */
export interface BookingSettingsView {
  readonly availability: Availability;
  /** True when staff changed it; false: the stage's defaults. */
  readonly customised: boolean;
  /** Whether the caller has a private calendar feed (its URL is shown only once, when made). */
  readonly hasFeed: boolean;
}

/** POST /api/staff/calendar-feed: a new feed's URL (the only time it is shown), or none after a revoke. */
export interface CalendarFeedAnswer {
  readonly url?: string;
}

/** The visitor's links: the site's page for each (a GET in a mail never changes anything: scanners open links). */
export const bookingPaths = { pick: '/book', cancel: '/book/cancel' } as const;

/** `HH:MM` -> minutes after midnight (`24:00` = 1440). */
export function minutesOf(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** A time range in one zone, as people read it: `Tuesday, March 10, 2026, 3:00 – 3:45 PM` (Intl only). */
export function formatRange(start: string, end: string, timeZone: string, locale = 'en-US'): string {
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(start));
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${day}, ${time.format(new Date(start))} – ${time.format(new Date(end))}`;
}

/** The local calendar day (YYYY-MM-DD) of an instant in a zone. */
export function localDay(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}
