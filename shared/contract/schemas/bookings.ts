/**
 * The inputs of the booking routes (shared/contract/api.ts): the visitor's booking page (a demo request's id and its
 * link's token), the private calendar feed, and the staff console's calendar. Validated by the pages and the
 * handlers alike; POST bodies are strict.
 */
import * as z from './zod';
import { submissionIdField } from './staff-console';
import { weekdays, type Availability } from '../bookings';

export const bookingMessages = {
  request: 'Unknown demo request.',
  token: 'This link is not valid. Please use the link from your confirmation mail.',
  start: 'Please pick a time from the list.',
  timeZone: 'Please choose a time zone from the list.',
  range: 'Please ask for at most 8 days, the start before the end.',
  action: 'Unknown change.',
  hours: 'Please write opening hours as HH:MM - HH:MM in steps of 5 minutes, the start before the end.',
  whole: 'Please enter a whole number in range.',
  steps: 'Please enter minutes in steps of 5.',
  date: 'Please enter a date as YYYY-MM-DD.',
  url: 'Please enter the https link of the video call.',
} as const;

/** A link's token: base64url of an HMAC-SHA256 (43 characters) or of 32 random bytes (the feed's). */
const tokenField = z.string({ message: bookingMessages.token }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, bookingMessages.token));

/** An IANA zone the runtime knows (`Europe/Berlin`), at most 64 characters. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
export const timeZoneField = z.string({ message: bookingMessages.timeZone }).check(z.refine(isTimeZone, bookingMessages.timeZone));

/** An instant as the API sends it: ISO UTC with milliseconds (`2026-03-10T14:00:00.000Z`). */
const instantField = (message: string) =>
  z.string({ message }).check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, message), z.refine((v) => !Number.isNaN(Date.parse(v)), message));

const requestField = z.string({ message: bookingMessages.request }).check(z.trim(), z.toLowerCase(), z.regex(/^[0-9a-f-]{36}$/, bookingMessages.request));

/** GET /api/bookings/slots?request=...&token=...[&timeZone=...] */
export const slotsQuerySchema = z.object({ request: requestField, token: tokenField });

/** POST /api/bookings: book (or move) the request's demo to a slot. */
export const bookDemoSchema = z.strictObject({
  request: requestField,
  token: tokenField,
  start: instantField(bookingMessages.start),
  timeZone: timeZoneField,
});
export type BookDemo = z.infer<typeof bookDemoSchema>;

/** POST /api/bookings/cancel */
export const cancelDemoSchema = z.strictObject({ request: requestField, token: tokenField });

/** GET /api/calendar-feed?token=... (a calendar program's subscription). */
export const feedQuerySchema = z.object({ token: tokenField });

/** GET /api/staff/bookings?from=...&to=... (a day or a week). */
export const staffCalendarQuerySchema = z
  .object({ from: instantField(bookingMessages.range), to: instantField(bookingMessages.range) })
  .check(z.refine((v) => v.from < v.to && Date.parse(v.to) - Date.parse(v.from) <= 8 * 86_400_000, { message: bookingMessages.range, path: ['to'] }));

/** GET /api/staff/booking?id=... (a demo request's id). */
export const staffBookingQuerySchema = z.object({ id: submissionIdField });

/** POST /api/staff/booking: staff move or cancel a booking; the visitor is told by mail. */
export const staffBookingChangeSchema = z.union([
  z.strictObject({ id: submissionIdField, action: z.literal('move'), start: instantField(bookingMessages.start) }),
  z.strictObject({ id: submissionIdField, action: z.literal('cancel') }),
]);
export type StaffBookingChange = z.infer<typeof staffBookingChangeSchema>;

// Times, lengths and buffers in steps of 5 minutes: the cells in which a booking claims its time
// (lambdas/domain/bookings/seats.ts), so slots that only touch never share one.
const HHMM = /^([01]\d|2[0-3]):[0-5][05]$|^24:00$/;
const hoursWindow = z
  .strictObject({
    from: z.string({ message: bookingMessages.hours }).check(z.regex(HHMM, bookingMessages.hours)),
    to: z.string({ message: bookingMessages.hours }).check(z.regex(HHMM, bookingMessages.hours)),
  })
  .check(z.refine((w) => w.from < w.to, bookingMessages.hours));

const inSteps = (min: number, max: number) => whole(min, max).check(z.refine((n) => n % 5 === 0, bookingMessages.steps));
const whole = (min: number, max: number) => z.number({ message: bookingMessages.whole }).check(z.int(bookingMessages.whole), z.minimum(min, bookingMessages.whole), z.maximum(max, bookingMessages.whole));
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** POST /api/staff/booking-settings: the whole availability (what the form shows, sent back). */
export const availabilitySchema = z.strictObject({
  timeZone: timeZoneField,
  weeklyHours: z.strictObject(Object.fromEntries(weekdays.map((d) => [d, z.array(hoursWindow).check(z.maxLength(4, bookingMessages.hours))])) as Record<(typeof weekdays)[number], z.ZodMiniArray<typeof hoursWindow>>),
  demoMinutes: inSteps(15, 240),
  bufferMinutes: inSteps(0, 120),
  minimumNoticeHours: whole(0, 336),
  horizonDays: whole(1, 90),
  closedDates: z.array(z.string({ message: bookingMessages.date }).check(z.regex(DAY, bookingMessages.date))).check(z.maxLength(366, bookingMessages.date)),
  concurrentDemos: whole(1, 20),
  meetingUrl: z.string({ message: bookingMessages.url }).check(z.maxLength(500, bookingMessages.url), z.regex(/^https:\/\/[^\s<>"]+$/, bookingMessages.url)),
  bookingsPerEmail: whole(1, 10),
}) satisfies z.ZodMiniType<Availability>;

/** POST /api/staff/calendar-feed: make a new private feed (replacing the caller's old one) or revoke it. */
export const calendarFeedSchema = z.strictObject({ action: z.enum(['create', 'revoke'], { message: bookingMessages.action }) });
