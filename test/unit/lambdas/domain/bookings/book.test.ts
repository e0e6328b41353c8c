/**
 * The booking rules (lambdas/domain/bookings/book.ts) on the real `bookings` store (lambdas/data/bookings.ts)
 * against the local DynamoDB stand-in, on a controlled clock: what a bot aiming bookings at a stranger meets (the
 * limits on the visitor's changes per request and per address and day; staff unbound), and no two demos overlapping
 * when the demo's length changes under two visitors booking at the same moment; as many demos at once as the agency
 * has seats, and a booking kept a week past its meeting.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultAvailability, slotTakenMessage, type Availability } from '@shared/contract/bookings';
import { availabilitySchema } from '@shared/contract/schemas/bookings';
import { bookingsTable } from '../../../../../lambdas/data/bookings';
import {
  addressChangesMessage,
  bookAt,
  cancelBooking,
  freeSlots,
  requestChangesMessage,
  visitorChangesPerAddressPerDay,
  visitorChangesPerRequest,
  type BookingDeps,
} from '../../../../../lambdas/domain/bookings/book';
import type { BookingMailOrder, BookingStore, DemoRequestInfo } from '../../../../../lambdas/domain/bookings/ports';
import { DomainError } from '../../../../../lambdas/domain/errors';
import { withMemoryDynamo } from '../../../../helpers/memory-dynamodb';

withMemoryDynamo();

const now = new Date('2026-03-02T12:00:00.000Z'); // a Monday
const availability: Availability = { ...defaultAvailability, minimumNoticeHours: 0, horizonDays: 14, bookingsPerEmail: 10 };

// Each booking is a dozen conditional writes to the DynamoDB stand-in: 1-2 s alone, past vitest's 5 s when the
// unit files share the 2 cores (the limit is on time spent, not a budget: nothing here is timed).
const onTheStore = { timeout: 30_000 };

let mails: BookingMailOrder[];
let clock: Date;
beforeEach(() => {
  mails = [];
  clock = now;
});

function deps(defaults: Availability = availability, store: BookingStore = bookingsTable): BookingDeps {
  return {
    store,
    requests: { get: () => Promise.resolve(undefined) },
    mailer: { order: (m) => Promise.resolve(void mails.push(m)) },
    clock: { now: () => clock },
    defaults,
    uidDomain: 'cadence-ai.example',
  };
}

const request = (email = `visitor-${randomUUID().slice(0, 8)}@example.com`): DemoRequestInfo => ({
  id: randomUUID(),
  reference: 'ref',
  name: 'Pat',
  email,
  company: 'Co',
  preferredTime: 'afternoon',
});

/** Free starts (ISO), taken from the end of the horizon so the tests of this file do not meet. */
async function freeStarts(n: number, from: number): Promise<string[]> {
  const slots = await freeSlots(deps(), availability, now);
  return slots.slice(-from - n, slots.length - from).map((s) => new Date(s.start).toISOString());
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => (e instanceof DomainError ? { kind: e.kind, message: e.message } : e),
  );

describe('a bot cannot turn bookings on a stranger', onTheStore, () => {
  it(`lets the visitor book or move one request at most ${visitorChangesPerRequest} times, then answers 429 with a clear message; a cancel still goes, and staff are not bound`, async () => {
    const r = request();
    const starts = await freeStarts(visitorChangesPerRequest + 2, 0);
    for (const start of starts.slice(0, visitorChangesPerRequest)) await bookAt(deps(), r, start, 'visitor', 'Europe/Berlin');
    expect(mails).toHaveLength(visitorChangesPerRequest);

    expect(await refusal(bookAt(deps(), r, starts[visitorChangesPerRequest]!, 'visitor'))).toEqual({ kind: 'rate-limited', message: requestChangesMessage });
    expect(mails).toHaveLength(visitorChangesPerRequest);
    // The refused time stays free; the demo keeps its time.
    expect((await bookingsTable.get(r.id))?.start).toBe(starts[visitorChangesPerRequest - 1]);

    // A person moves it on the visitor's behalf; the visitor can still cancel, but not book it again.
    await bookAt(deps(), r, starts[visitorChangesPerRequest + 1]!, 'staff@cadence-ai.example');
    await cancelBooking(deps(), r.id, 'visitor');
    expect(await refusal(bookAt(deps(), r, starts[0]!, 'visitor'))).toEqual({ kind: 'rate-limited', message: requestChangesMessage });
    expect(mails.map((m) => m.action)).toEqual([...Array<string>(visitorChangesPerRequest).fill('booked').fill('moved', 1), 'moved', 'cancelled']);
  });

  it(`lets one address's visitors book or move at most ${visitorChangesPerAddressPerDay} times a day over all its requests; the next day again`, async () => {
    const email = `stranger-${randomUUID().slice(0, 8)}@example.com`;
    const starts = await freeStarts(visitorChangesPerAddressPerDay + 2, 20);
    // A bot books with the stranger's address through many requests, cancelling each so the address's seats stay free.
    for (const start of starts.slice(0, visitorChangesPerAddressPerDay)) {
      const r = request(email);
      await bookAt(deps(), r, start, 'visitor');
      await cancelBooking(deps(), r.id, 'visitor');
    }
    const sent = mails.length;
    const next = request(email.toUpperCase());
    expect(await refusal(bookAt(deps(), next, starts[visitorChangesPerAddressPerDay]!, 'visitor'))).toEqual({ kind: 'rate-limited', message: addressChangesMessage });
    expect(mails).toHaveLength(sent);
    // Nothing of the refused booking is left: its time is still free for another visitor.
    await bookAt(deps(), request(), starts[visitorChangesPerAddressPerDay]!, 'visitor');

    clock = new Date(now.getTime() + 86_400_000);
    await bookAt(deps(), next, starts[visitorChangesPerAddressPerDay + 1]!, 'visitor');
  });
});

describe('a change of the demo length or hours under visitors booking at the same moment', onTheStore, () => {
  // 10:00 New York on a Wednesday (and Thursday): the 45-minute grid from 09:00 has 10:00-10:45; one from 09:30, 10:30-11:15.
  const oldGrid = availability;
  const newGrid: Availability = { ...availability, weeklyHours: { ...availability.weeklyHours, wed: [{ from: '09:30', to: '17:00' }], thu: [{ from: '09:30', to: '17:00' }] } };
  const at10 = '2026-03-04T15:00:00.000Z';
  const at1030 = '2026-03-04T15:30:00.000Z';

  /** The store, with each write of a booking held until both visitors have reached theirs (or one was refused). */
  function racing() {
    let arrived = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const store: BookingStore = {
      ...bookingsTable,
      async put(record, expected) {
        if (++arrived === 2) open();
        await gate;
        return bookingsTable.put(record, expected);
      },
    };
    return { store, done: () => open() };
  }

  it('books one of two overlapping demos of two grids and refuses the other as taken, with its claims given back', async () => {
    const { store, done } = racing();
    const [a, b] = [request(), request()];
    const answers = await Promise.allSettled([
      bookAt(deps(oldGrid, store), a, at10, 'visitor').finally(done),
      bookAt(deps(newGrid, store), b, at1030, 'visitor').finally(done),
    ]);
    expect(answers.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.find((x) => x.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ kind: 'conflicting', message: slotTakenMessage });
    // The loser holds nothing: once the winner cancels, the loser's time can be booked.
    const winner = answers[0]!.status === 'fulfilled' ? a : b;
    await cancelBooking(deps(), winner.id, 'visitor');
    await bookAt(deps(winner === a ? newGrid : oldGrid), request(), winner === a ? at1030 : at10, 'visitor');
  });

  it('lets a demo move onto a time overlapping its own old one', async () => {
    const r = request();
    await bookAt(deps(oldGrid), r, '2026-03-05T15:00:00.000Z', 'visitor');
    const moved = await bookAt(deps(newGrid), r, '2026-03-05T15:30:00.000Z', 'visitor');
    expect(moved).toMatchObject({ state: 'booked', start: '2026-03-05T15:30:00.000Z' });
    // Its old time's first half is free again: another demo of the old grid at 09:00 fits, one at 10:00 does not.
    await bookAt(deps(oldGrid), request(), '2026-03-05T14:00:00.000Z', 'visitor');
    expect(await refusal(bookAt(deps(oldGrid), request(), '2026-03-05T15:00:00.000Z', 'visitor'))).toEqual({ kind: 'conflicting', message: slotTakenMessage });
  });

  it('keeps hours, length and buffer in steps of 5 minutes, the cells a booking claims', () => {
    expect(availabilitySchema.safeParse(availability).success).toBe(true);
    expect(availabilitySchema.safeParse({ ...availability, demoMinutes: 47 }).success).toBe(false);
    expect(availabilitySchema.safeParse({ ...availability, bufferMinutes: 7 }).success).toBe(false);
    expect(availabilitySchema.safeParse({ ...availability, weeklyHours: { ...availability.weeklyHours, mon: [{ from: '09:03', to: '17:00' }] } }).success).toBe(false);
  });
});

describe('how many demos run at once', onTheStore, () => {
  it('books a slot as many times as the agency has seats, refuses the next as taken, and offers it again after a cancel', async () => {
    const twoAtOnce: Availability = { ...availability, concurrentDemos: 2 };
    const at = '2026-03-06T15:00:00.000Z'; // Friday 10:00 in New York
    const visitors = [request(), request(), request()];
    const answers = await Promise.allSettled(visitors.map((r) => bookAt(deps(twoAtOnce), r, at, 'visitor')));
    expect(answers.filter((x) => x.status === 'fulfilled')).toHaveLength(2);
    expect((answers.find((x) => x.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ kind: 'conflicting', message: slotTakenMessage });
    const offered = async () => (await freeSlots(deps(twoAtOnce), twoAtOnce, now)).map((s) => new Date(s.start).toISOString());
    expect(await offered()).not.toContain(at);

    // Kept a week past the meeting (the table's TTL), then gone with it.
    const booked = visitors[answers.findIndex((x) => x.status === 'fulfilled')]!;
    const stored = await bookingsTable.get(booked.id);
    expect(stored?.expiresAt).toBe(Date.parse(stored!.end) / 1000 + 7 * 86_400);

    await cancelBooking(deps(twoAtOnce), booked.id, 'visitor');
    expect(await offered()).toContain(at);
  });
});
