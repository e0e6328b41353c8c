/**
 * Slot arithmetic: which demos can be booked, in the agency's time zone, with luxon (a maintained time-zone library)
 * doing the zone rules. No AWS here.
 *
 * A weekday's opening window (`09:00`-`17:00`, agency zone) is cut into slots back to back: a demo, then its
 * buffer, then the next demo, while a demo still ends inside the window. Windows are read in local wall time on
 * each date, so a slot at 09:00 stays at 09:00 across both daylight-saving changes (its UTC instant moves); the
 * stepping itself is in real minutes, so a window that contains the change (a night shift) still gets demos of the
 * real length. A slot never crosses the window's end, and a window never runs past its day's midnight (24:00 is the
 * latest end): a slot that would cross midnight is not offered. Closed dates, the minimum notice and the horizon
 * (days ahead, counted from today in the agency's zone) are applied last.
 */
import { DateTime } from 'luxon';
import { minutesOf, preferredTimesZone, preferredWindows, weekdays, type Availability, type Slot } from '@shared/contract/bookings';

/** A slot's start and end as instants (ms). */
export interface SlotTimes {
  readonly start: number;
  readonly end: number;
}

/** The agency-local date and minutes of the day of an instant. */
function local(instant: number, zone: string): DateTime {
  return DateTime.fromMillis(instant, { zone });
}

/** Every slot the weekly hours give on one agency-local date, ignoring notice and horizon. */
export function slotsOfDate(date: DateTime, availability: Availability): SlotTimes[] {
  const weekday = weekdays[date.weekday - 1];
  if (!weekday) return [];
  const iso = date.toISODate();
  if (iso && availability.closedDates.includes(iso)) return [];
  const length = availability.demoMinutes * 60_000;
  const step = (availability.demoMinutes + availability.bufferMinutes) * 60_000;
  const midnight = date.startOf('day');
  const nextMidnight = midnight.plus({ days: 1 }).toMillis();
  const out: SlotTimes[] = [];
  for (const window of availability.weeklyHours[weekday]) {
    const from = minutesOf(window.from);
    const to = minutesOf(window.to);
    // Wall-clock times of this date; a time inside a spring-forward gap moves to the first real minute after it.
    const open = midnight.set({ hour: Math.floor(from / 60), minute: from % 60 }).toMillis();
    const close = to >= 24 * 60 ? nextMidnight : Math.min(midnight.set({ hour: Math.floor(to / 60), minute: to % 60 }).toMillis(), nextMidnight);
    for (let start = open; start + length <= close; start += step) out.push({ start, end: start + length });
  }
  return out;
}

/**
 * Whether a slot lies inside a preferred time of day: the spec's EST windows, in New York's wall time whatever the
 * agency's zone (an agency in Berlin offers a "Morning (9 AM - 12 PM EST)" visitor its 15:00 and 16:00 first).
 */
export function isPreferred(slot: SlotTimes, preferredTime: string | undefined): boolean {
  const window = preferredTime ? preferredWindows[preferredTime] : undefined;
  if (!window) return false;
  const zone = preferredTimesZone;
  const start = local(slot.start, zone);
  const end = local(slot.end, zone);
  if (start.toISODate() !== end.toISODate() && end.hour + end.minute > 0) return false;
  const startMinutes = start.hour * 60 + start.minute;
  const endMinutes = end.hour === 0 && end.minute === 0 ? 24 * 60 : end.hour * 60 + end.minute;
  return startMinutes >= minutesOf(window.from) && endMinutes <= minutesOf(window.to);
}

/**
 * The bookable slots at `now`: inside the weekly hours, not on a closed date, starting at least the minimum notice
 * after `now`, and before the end of the horizon (today in the agency's zone plus `horizonDays` days, exclusive).
 */
export function bookableSlots(availability: Availability, now: Date): SlotTimes[] {
  const zone = availability.timeZone;
  const today = local(now.getTime(), zone).startOf('day');
  const earliest = now.getTime() + availability.minimumNoticeHours * 3_600_000;
  const out: SlotTimes[] = [];
  for (let d = 0; d < availability.horizonDays; d++) {
    for (const slot of slotsOfDate(today.plus({ days: d }), availability)) if (slot.start >= earliest) out.push(slot);
  }
  return out;
}

/** A slot of `start` (ISO) if it is bookable now; undefined otherwise. */
export function bookableSlotAt(availability: Availability, now: Date, start: string): SlotTimes | undefined {
  const at = Date.parse(start);
  return bookableSlots(availability, now).find((s) => s.start === at);
}

/** Slots as the API answers them, the preferred ones first (each group in time order). */
export function offeredSlots(slots: readonly SlotTimes[], preferredTime: string | undefined): Slot[] {
  const all = slots.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString(), preferred: isPreferred(s, preferredTime) }));
  return [...all.filter((s) => s.preferred), ...all.filter((s) => !s.preferred)];
}

/** Whether two time ranges overlap (touching ends do not). */
export function overlaps(a: SlotTimes, b: SlotTimes): boolean {
  return a.start < b.end && b.start < a.end;
}
