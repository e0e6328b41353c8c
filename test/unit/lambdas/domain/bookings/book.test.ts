/**
 * The booking rules (lambdas/domain/bookings/book.ts) on the real `bookings` store (lambdas/data/bookings.ts)
 * against the local DynamoDB stand-in, on a controlled clock: what a bot aiming bookings at a stranger meets (the
 * limits on the visitor's changes per request and per address and day; staff unbound), and no two demos overlapping
 * when the demo's length changes under two visitors booking at the same moment.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultAvailability, type Availability } from '@shared/contract/bookings';
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
import type { BookingMailOrder, DemoRequestInfo } from '../../../../../lambdas/domain/bookings/ports';
import { DomainError } from '../../../../../lambdas/domain/errors';
import { withMemoryDynamo } from '../../../../helpers/memory-dynamodb';

withMemoryDynamo();

const now = new Date('2026-03-02T12:00:00.000Z'); // a Monday
const availability: Availability = { ...defaultAvailability, minimumNoticeHours: 0, horizonDays: 14, bookingsPerEmail: 10 };

let mails: BookingMailOrder[];
let clock: Date;
beforeEach(() => {
  mails = [];
  clock = now;
});

function deps(defaults: Availability = availability): BookingDeps {
  return {
    store: bookingsTable,
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

describe('a bot cannot turn bookings on a stranger', () => {
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
