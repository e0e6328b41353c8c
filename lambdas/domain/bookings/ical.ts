/**
 * iCalendar (RFC 5545 / iTIP RFC 5546) with ical-generator, a maintained library, never by hand:
 * - the invitation and each update: `METHOD:REQUEST`, the booking's one UID, SEQUENCE 0 then +1 per change, the
 *   agency as ORGANIZER, the visitor and the support recipients as ATTENDEEs, the video-call link as LOCATION and URL;
 * - the cancellation: `METHOD:CANCEL`, the same UID, the next SEQUENCE, STATUS:CANCELLED;
 * - a staff member's private feed: every booking as a published event (no METHOD), cancelled ones marked so.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { brand } from '@shared/content/brand';
import type { BookingRecord } from './ports';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/**
 * A name as a quoted parameter value (CN): RFC 6868's caret encoding, the only way RFC 5545 keeps a `"` in one.
 * ical-generator 10 escapes a `"` there with a backslash, which RFC 5545 does not define, so a visitor named
 * `Bob "Bo" Lee` broke the ATTENDEE line and calendar programs read a wrong address; version 11 encodes it
 * itself but needs Node 22, above the Node 20.19 we support. With 11, drop this (test/unit/lambdas/domain/bookings/ical.test.ts
 * then fails on a doubled `^`).
 */
const parameterName = (name: string): string => name.replace(/\^/g, '^^').replace(/"/g, "^'");
const prodId = { company: brand.name, product: 'Demo booking', language: 'EN' };

/** The event's title, the same in every mail and the feed. */
export function demoTitle(b: Pick<BookingRecord, 'company' | 'name'>): string {
  return `${brand.name} demo with ${b.name} (${b.company})`;
}

interface InviteInput {
  readonly booking: BookingRecord;
  /** Which change this mail is (the booking may have moved on since; the mail says what it was sent for). */
  readonly sequence: number;
  readonly start: string;
  readonly end: string;
  readonly method: 'REQUEST' | 'CANCEL';
  /** The support recipients, attendees beside the visitor. */
  readonly staff: readonly string[];
  readonly description: string;
  readonly now: Date;
}

/** An invitation, update or cancellation as an iCalendar text (the mail's attachment). */
export function inviteCalendar(input: InviteInput): string {
  const { booking: b } = input;
  const calendar = ical({ prodId, method: input.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  calendar.createEvent({
    id: b.uid,
    sequence: input.sequence,
    stamp: input.now,
    start: new Date(input.start),
    end: new Date(input.end),
    summary: demoTitle(b),
    description: input.description,
    location: b.meetingUrl,
    url: b.meetingUrl,
    status: input.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: brand.name, email: brand.email },
    attendees: [
      { name: parameterName(b.name), email: b.email, rsvp: true, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION },
      ...input.staff.map((email) => ({ email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED })),
    ],
  });
  return calendar.toString();
}

/** A staff member's private feed: every booking given, by start. */
export function feedCalendar(bookings: readonly BookingRecord[], siteOrigin: string, now: Date): string {
  const calendar = ical({ prodId, name: `${brand.name} demos`, ttl: 15 * 60 });
  const origin = siteOrigin.replace(/\/+$/, '');
  for (const b of bookings) {
    calendar.createEvent({
      id: b.uid,
      sequence: b.sequence,
      stamp: now,
      start: new Date(b.start),
      end: new Date(b.end),
      summary: demoTitle(b),
      description: `Demo request ${b.reference}: ${origin}/staff/submission?id=${b.requestId}\nVideo call: ${b.meetingUrl}`,
      location: b.meetingUrl,
      status: b.state === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
