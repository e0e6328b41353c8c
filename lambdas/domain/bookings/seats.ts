/**
 * The seats a booking holds, each one item claimed by one conditional write (./ports.ts `claim`): no transactions,
 * so it works the same on DynamoDB and on the local stand-in.
 *
 * Time is claimed in cells: the demo's time, cut at every `CELL_MINUTES` of UTC, and in each cell one of its
 * `concurrentDemos` seats (`time#<cell start>#<n>`). Two demos that overlap share a cell, however their slots were
 * cut, so a change of the demo's length, buffer or hours under visitors booking at the same moment cannot put more
 * demos in one minute than there are seats: of two overlapping claims on the last seat of a cell one wins, and the
 * other gives back what it had claimed. Hours, length and buffer are whole multiples of the cell (the availability's
 * schema), so slots that only touch never share one.
 */
import type { SlotTimes } from './slots';
import type { BookingStore } from './ports';

export const CELL_MINUTES = 5;
const CELL_MS = CELL_MINUTES * 60_000;

export const timeSeatKey = (cellStart: string, seat: number) => `time#${cellStart}#${seat}`;

/** The starts (ISO) of the cells a demo's time covers. */
export function timeCells(slot: SlotTimes): string[] {
  const cells: string[] = [];
  for (let t = Math.floor(slot.start / CELL_MS) * CELL_MS; t < slot.end; t += CELL_MS) cells.push(new Date(t).toISOString());
  return cells;
}

type Claims = Pick<BookingStore, 'claim'>;

/** Claims the first free seat of `keys` for the request; the key claimed, or undefined. */
export async function claimFirst(store: Claims, keys: readonly string[], requestId: string, until: number, now: number): Promise<string | undefined> {
  for (const key of keys) if (await store.claim(key, requestId, until, now)) return key;
  return undefined;
}

/**
 * Claims a seat in every cell of `slot`, in time order; the keys claimed, or undefined when a cell is full (then
 * `claimed` holds what was claimed, for the caller to give back). A seat this request holds already (a move onto
 * its own time) is claimed again.
 */
export async function claimTime(
  store: Claims,
  input: { readonly slot: SlotTimes; readonly seatsPerCell: number; readonly requestId: string; readonly until: number; readonly now: number },
  claimed: string[],
): Promise<string[] | undefined> {
  const seats: string[] = [];
  for (const cell of timeCells(input.slot)) {
    const keys = Array.from({ length: input.seatsPerCell }, (_, i) => timeSeatKey(cell, i + 1));
    const seat = await claimFirst(store, keys, input.requestId, input.until, input.now);
    if (!seat) return undefined;
    claimed.push(seat);
    seats.push(seat);
  }
  return seats;
}
