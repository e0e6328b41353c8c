/**
 * The invitation a calendar program reads (lambdas/domain/bookings/ical.ts), parsed with ical.js: a visitor's name
 * may hold anything a one-line name allows, and the attendee line must still name them and their address.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { inviteCalendar } from '../../../../../lambdas/domain/bookings/ical';
import type { BookingRecord } from '../../../../../lambdas/domain/bookings/ports';

const now = new Date('2026-11-22T10:00:00.000Z');
const booking = {
  requestId: 'r1',
  state: 'booked',
  start: '2026-11-25T15:00:00.000Z',
  end: '2026-11-25T15:45:00.000Z',
  sequence: 0,
  uid: 'demo-r1@cadence-ai.example',
  reference: '261122-ABCDEF',
  name: 'Zoë "Bo" O\'Brien; CEO: a^b, c\\d',
  email: 'zoe@example.com',
  company: 'Bo, "Co"; Ltd',
  meetingUrl: 'https://meet.example/demo',
} as BookingRecord;

function parse(method: 'REQUEST' | 'CANCEL', sequence: number) {
  const text = inviteCalendar({ booking, sequence, start: booking.start, end: booking.end, method, staff: ['sales@cadence-ai.example'], description: 'Demo', now });
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    event,
    attendees: event.getAllProperties('attendee').map((a) => ({ cn: a.getParameter('cn'), address: String(a.getFirstValue()).replace(/^mailto:/i, '') })),
  };
}

describe('an invitation to a visitor whose name holds quotes, separators and carets', () => {
  it('names them exactly, keeps their address and the staff address, and keeps the summary', () => {
    const { method, event, attendees } = parse('REQUEST', 0);
    expect(method).toBe('REQUEST');
    expect(attendees).toEqual([
      { cn: booking.name, address: 'zoe@example.com' },
      { cn: undefined, address: 'sales@cadence-ai.example' },
    ]);
    expect(event.getFirstPropertyValue('summary')).toContain(`with ${booking.name} (${booking.company})`);
    expect(event.getFirstPropertyValue('uid')).toBe(booking.uid);
  });

  it('cancels under the same UID with the next SEQUENCE, the attendee line intact', () => {
    const { method, event, attendees } = parse('CANCEL', 1);
    expect(method).toBe('CANCEL');
    expect(event.getFirstPropertyValue('uid')).toBe(booking.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(1);
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(attendees[0]).toEqual({ cn: booking.name, address: 'zoe@example.com' });
  });
});
