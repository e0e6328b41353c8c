/**
 * Slot arithmetic (lambdas/domain/bookings/slots.ts) on a controlled clock: the agency in America/New_York across
 * both of its daylight-saving changes, visitors in Europe/Berlin (whose changes fall on other dates) and
 * Asia/Kolkata (none, half-hour offset), a slot that would cross midnight, closed dates, minimum notice, horizon.
 */
import { describe, expect, it } from 'vitest';
import { defaultAvailability, formatRange, localDay, type Availability } from '@shared/contract/bookings';
import { bookableSlots, isPreferred, offeredSlots, slotsOfDate } from '../../../../../lambdas/domain/bookings/slots';
import { DateTime } from 'luxon';

const ny = 'America/New_York';
const agency: Availability = { ...defaultAvailability, minimumNoticeHours: 0, horizonDays: 14 };
const iso = (ms: number) => new Date(ms).toISOString();
const startsOn = (date: string, a: Availability = agency) => slotsOfDate(DateTime.fromISO(date, { zone: a.timeZone }), a).map((s) => iso(s.start));
const timeIn = (instant: string, zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));

describe('the weekly hours in the agency zone', () => {
  it('cut 09:00-17:00 into 45-minute demos with a 15-minute buffer: 8 a day, the last ending at 16:45', () => {
    const slots = startsOn('2026-03-04');
    expect(slots).toHaveLength(8);
    expect(slots.map((s) => timeIn(s, ny))).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(startsOn('2026-03-07')).toEqual([]); // a Saturday
  });

  it('keep 09:00 New York time across the spring change (2026-03-08): 14:00 UTC before, 13:00 UTC after', () => {
    expect(startsOn('2026-03-06')[0]).toBe('2026-03-06T14:00:00.000Z');
    expect(startsOn('2026-03-09')[0]).toBe('2026-03-09T13:00:00.000Z');
  });

  it('keep 09:00 New York time across the autumn change (2026-11-01): 13:00 UTC before, 14:00 UTC after', () => {
    expect(startsOn('2026-10-30')[0]).toBe('2026-10-30T13:00:00.000Z');
    expect(startsOn('2026-11-02')[0]).toBe('2026-11-02T14:00:00.000Z');
  });

  it('give demos of the real length on the night of a change (a window over 02:00 on 2026-03-08 and 2026-11-01)', () => {
    const night: Availability = { ...agency, weeklyHours: { ...agency.weeklyHours, sun: [{ from: '00:00', to: '04:00' }] } };
    // Spring: 00:00-04:00 local is only 3 real hours: 3 demos (00:00, 01:00, then 03:00 EDT).
    const spring = slotsOfDate(DateTime.fromISO('2026-03-08', { zone: ny }), night);
    expect(spring.map((s) => timeIn(iso(s.start), ny))).toEqual(['00:00', '01:00', '03:00']);
    for (const s of spring) expect(s.end - s.start).toBe(45 * 60_000);
    // Autumn: 5 real hours, 01:00 happens twice.
    const autumn = slotsOfDate(DateTime.fromISO('2026-11-01', { zone: ny }), night);
    expect(autumn.map((s) => timeIn(iso(s.start), ny))).toEqual(['00:00', '01:00', '01:00', '02:00', '03:00']);
  });

  it('never offer a slot that would cross midnight', () => {
    const late: Availability = { ...agency, weeklyHours: { ...agency.weeklyHours, wed: [{ from: '22:30', to: '24:00' }] } };
    const slots = slotsOfDate(DateTime.fromISO('2026-03-04', { zone: ny }), late);
    // 22:30-23:15 fits; 23:30-00:15 would end on the next day.
    expect(slots.map((s) => timeIn(iso(s.start), ny))).toEqual(['22:30']);
    for (const s of slots) expect(localDay(iso(s.end - 1), ny)).toBe('2026-03-04');
  });

  it('skip closed dates', () => {
    expect(startsOn('2026-12-24', { ...agency, closedDates: ['2026-12-24'] })).toEqual([]);
    expect(startsOn('2026-12-23', { ...agency, closedDates: ['2026-12-24'] })).toHaveLength(8);
  });
});

describe('bookable slots at a moment', () => {
  const now = new Date('2026-03-04T15:30:00.000Z'); // Wednesday 10:30 in New York

  it('start no earlier than the minimum notice', () => {
    const slots = bookableSlots({ ...agency, minimumNoticeHours: 4 }, now).map((s) => iso(s.start));
    // 10:30 + 4 h = 14:30 New York: the first is 15:00.
    expect(timeIn(slots[0]!, ny)).toBe('15:00');
    expect(localDay(slots[0]!, ny)).toBe('2026-03-04');
  });

  it('end at the horizon (today in the agency zone plus N days)', () => {
    const slots = bookableSlots({ ...agency, horizonDays: 3 }, now).map((s) => localDay(iso(s.start), ny));
    expect(new Set(slots)).toEqual(new Set(['2026-03-04', '2026-03-05', '2026-03-06']));
  });

  it('count "today" in the agency zone, not in UTC (late evening in New York is already tomorrow in UTC)', () => {
    const evening = new Date('2026-03-05T03:00:00.000Z'); // Wednesday 22:00 New York
    const days = new Set(bookableSlots({ ...agency, horizonDays: 1 }, evening).map((s) => localDay(iso(s.start), ny)));
    expect(days).toEqual(new Set());
    const two = new Set(bookableSlots({ ...agency, horizonDays: 2 }, evening).map((s) => localDay(iso(s.start), ny)));
    expect(two).toEqual(new Set(['2026-03-05']));
  });
});

describe("a visitor's own time zone", () => {
  it('Europe/Berlin: 09:00 New York is 15:00 in Berlin, 14:00 between the two zones\' spring changes, 15:00 again after', () => {
    expect(timeIn(startsOn('2026-03-06')[0]!, 'Europe/Berlin')).toBe('15:00'); // both on winter time
    expect(timeIn(startsOn('2026-03-09')[0]!, 'Europe/Berlin')).toBe('14:00'); // New York on summer time, Berlin not yet
    expect(timeIn(startsOn('2026-03-30')[0]!, 'Europe/Berlin')).toBe('15:00'); // both on summer time
    // Autumn: Berlin changes back on 2026-10-25, New York on 2026-11-01.
    expect(timeIn(startsOn('2026-10-26')[0]!, 'Europe/Berlin')).toBe('14:00');
    expect(timeIn(startsOn('2026-11-02')[0]!, 'Europe/Berlin')).toBe('15:00');
  });

  it('Asia/Kolkata: the half-hour offset, and a New York afternoon that is the next day there', () => {
    const last = startsOn('2026-03-04').at(-1)!; // 16:00 New York
    expect(timeIn(last, 'Asia/Kolkata')).toBe('02:30');
    expect(localDay(last, 'Asia/Kolkata')).toBe('2026-03-05');
    expect(formatRange(last, iso(Date.parse(last) + 45 * 60_000), 'Asia/Kolkata')).toBe('Thursday, March 5, 2026, 2:30 AM – 3:15 AM');
  });
});

describe('the preferred time of day', () => {
  it("marks the slots inside the visitor's choice (the spec's EST windows) and offers them first", () => {
    const slots = slotsOfDate(DateTime.fromISO('2026-03-04', { zone: ny }), agency);
    const morning = slots.filter((s) => isPreferred(s, 'morning')).map((s) => timeIn(iso(s.start), ny));
    expect(morning).toEqual(['09:00', '10:00', '11:00']);
    const offered = offeredSlots(slots, 'afternoon');
    expect(offered.slice(0, 4).map((s) => timeIn(s.start, ny))).toEqual(['13:00', '14:00', '15:00', '16:00']);
    expect(offered.slice(0, 4).every((s) => s.preferred)).toBe(true);
    expect(offered.slice(4).some((s) => s.preferred)).toBe(false);
  });

  it("keeps the choices' EST for an agency in another zone: Berlin's 15:00 and 16:00 are a New York morning", () => {
    const berlin: Availability = { ...agency, timeZone: 'Europe/Berlin' };
    const slots = slotsOfDate(DateTime.fromISO('2026-03-04', { zone: berlin.timeZone }), berlin);
    const morning = offeredSlots(slots, 'morning').filter((s) => s.preferred);
    expect(morning.map((s) => timeIn(s.start, 'Europe/Berlin'))).toEqual(['15:00', '16:00']);
    expect(morning.map((s) => timeIn(s.start, ny))).toEqual(['09:00', '10:00']);
  });
});
