/**
 * The agency's days, weeks and months: an instant's calendar day in the stage's time zone (Intl's time zone data,
 * the same the platform uses everywhere), and plain calendar arithmetic on those days. A day is `YYYY-MM-DD`, a
 * week is named by its Monday, a month is `YYYY-MM`.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format;
}

/** The agency's calendar day of an instant. */
export function dayOf(at: Date | string, timeZone: string): string {
  return formatIn(timeZone).format(typeof at === 'string' ? new Date(at) : at);
}

const asUtc = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The day `n` days after `day` (before, for a negative `n`). */
export function addDays(day: string, n: number): string {
  const d = asUtc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week `day` is in (weeks run Monday to Sunday). */
export function weekOf(day: string): string {
  const weekday = (asUtc(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}
