/**
 * What a booked demo (issue 41, lambdas/domain/bookings) contributes to the overview, kept up to date as bookings
 * are written.
 *
 * Each booking has one entry, its state and the meeting's start and end, in the item of the agency day its meeting
 * is on. A moved booking leaves the days it was on before (its history names them), so it counts once, on its day;
 * a cancelled one counts as cancelled; an erased person's booking counts nowhere, for good. A booked demo is held
 * once its end has passed (the overview decides that when it is read).
 */
import type { BookingRecord } from '../bookings/ports';
import { dayOf } from './agency-time';
import type { FigureWriter } from './ports';

export interface DemoEntry {
  readonly state: 'booked' | 'cancelled' | 'erased';
  readonly start: string;
  readonly end: string;
}

/** A day's demos as the overview reads them: booked ones' ends (ISO, comma-separated) and how many were cancelled. */
export interface DemoDaySummary {
  readonly ends: string;
  readonly cancelled: number;
}

export function summarizeDemoDay(entries: Readonly<Record<string, DemoEntry>>): DemoDaySummary {
  const ends: string[] = [];
  let cancelled = 0;
  for (const e of Object.values(entries)) {
    if (e.state === 'booked') ends.push(e.end);
    else if (e.state === 'cancelled') cancelled += 1;
  }
  return { ends: ends.sort().join(','), cancelled };
}

export interface DemoFigureDeps {
  readonly store: FigureWriter;
  readonly timeZone: string;
}

const isErased = (e: DemoEntry) => e.state === 'erased';

async function putDemo(deps: DemoFigureDeps, b: BookingRecord, state: DemoEntry['state']): Promise<void> {
  const day = dayOf(b.start, deps.timeZone);
  const earlier = new Set(b.history.flatMap((h) => [h.start, h.from]).filter((s): s is string => s !== undefined).map((s) => dayOf(s, deps.timeZone)));
  earlier.delete(day);
  for (const other of earlier) {
    await deps.store.put<DemoEntry, DemoDaySummary>({ figure: 'demos', period: other, key: b.requestId, entry: undefined, summarize: summarizeDemoDay, final: isErased });
  }
  await deps.store.put({ figure: 'demos', period: day, key: b.requestId, entry: { state, start: b.start, end: b.end }, summarize: summarizeDemoDay, final: isErased });
}

/** The booking's figures as it is now (after it was booked, moved or cancelled). */
export function recordDemo(deps: DemoFigureDeps, b: BookingRecord): Promise<void> {
  return putDemo(deps, b, b.state);
}

/** A person's erasure: the booking counts nowhere from now on. */
export function recordDemoErasure(deps: DemoFigureDeps, b: BookingRecord): Promise<void> {
  return putDemo(deps, b, 'erased');
}
