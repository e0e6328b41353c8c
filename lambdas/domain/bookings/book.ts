/**
 * Booking a demo request's meeting, moving it and cancelling it: the rules the visitor's links and the staff console
 * share. No AWS here; every write is one conditional write of one item (./ports.ts), so it works the same on
 * DynamoDB and on the local stand-in, which has no transactions.
 *
 * Exactly once:
 * - Every minute has `concurrentDemos` seats: booking claims one in each 5-minute cell of the demo's time
 *   (./seats.ts), so of visitors choosing the same slot, or overlapping slots of a grid that changed under them, at
 *   the same moment, as many as there are seats win; the others are told the time was just taken, and nothing of
 *   theirs is left behind.
 * - A request holds at most one booking (`request#<id>`, written only from the version read): choosing again moves
 *   it. A move claims the new time BEFORE it frees the old one, so a refused move keeps the old time. Two changes of
 *   one request at once: one write wins, the other frees what it claimed (unless the winner holds it) and is refused.
 * - An address holds at most `bookingsPerEmail` active bookings (`email#<hash>#<n>` seats, free again once their
 *   meeting has ended), so a bot with one address cannot fill the calendar through many requests.
 * - Every booking, move or re-booking mails the visitor, so a bot must not be able to aim them at a stranger: the
 *   visitor may book or move one request's demo at most `visitorChangesPerRequest` times (counted in its history,
 *   written only from the version read, so two changes at once cannot both pass the last one), and one address's
 *   demos at most `visitorChangesPerAddressPerDay` times a day over all its requests (a counter per address and day,
 *   one conditional update). A cancel is always allowed: each needs a booking made within those limits. Staff
 *   changes are a person's decision and count towards neither.
 * Every change hands its mails to the delivery engine (./mails.ts), idempotently per request and SEQUENCE: a retried
 * request that finds its change already made orders the same mails again, which the engine stores once.
 */
import { createHash } from 'node:crypto';
import { slotTakenMessage, type Availability, type BookingChange } from '@shared/contract/bookings';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import { claimFirst, claimTime } from './seats';
import { bookableSlotAt, bookableSlots, overlaps, type SlotTimes } from './slots';
import type { BookingMailer, BookingRecord, BookingStore, DemoRequestInfo, DemoRequests } from './ports';

export interface BookingDeps {
  readonly store: BookingStore;
  readonly requests: DemoRequests;
  readonly mailer: BookingMailer;
  readonly clock: Clock;
  /** The stage's availability (BOOKING_DEFAULTS), until staff change it. */
  readonly defaults: Availability;
  /** The host part of every booking's iCalendar UID (the site's host). */
  readonly uidDomain: string;
  /** Keeps the overview's figures of a booking (lambdas/domain/overview/demos.ts) after each change of it. */
  readonly demoFigures?: (booking: BookingRecord) => Promise<void>;
}

export const emailLimitMessage = (n: number) =>
  `This e-mail address already has ${n === 1 ? 'a demo' : `${n} demos`} booked. Please cancel one first, or write to us.`;
export const pastMeetingMessage = 'This demo has already taken place, so this link no longer works.';
export const changedMeanwhileMessage = 'This booking was changed at the same moment. Please look at it again and retry.';
export const noBookingMessage = 'No demo is booked for this request.';
export const unavailableSlotMessage = 'This time cannot be booked. Please pick one from the list.';

/** How often the visitor may book or move one request's demo (the first booking and every move or re-booking). */
export const visitorChangesPerRequest = 5;
/** How often the visitors of one address may book or move demos in a day (UTC), over all its requests. */
export const visitorChangesPerAddressPerDay = 8;
export const requestChangesMessage = `This demo has been booked or moved ${visitorChangesPerRequest} times, the most a link allows. Please write to us to change it again, or cancel it.`;
export const addressChangesMessage = 'Demos for this e-mail address have been booked or moved too often today. Please try again tomorrow, or write to us.';

/** A booking is kept this long after its meeting (or as long as its request, if that is longer). */
const KEPT_AFTER_MEETING_SECONDS = 7 * 86_400;
/** A day's counter of changes outlives its day by one, then the table's TTL deletes it. */
const COUNTER_KEPT_SECONDS = 2 * 86_400;

const epoch = (iso: string | number) => Math.floor((typeof iso === 'number' ? iso : Date.parse(iso)) / 1000);
const isoOf = (ms: number) => new Date(ms).toISOString();

const addressHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
export const emailSeatKey = (email: string, n: number) => `email#${addressHash(email)}#${n}`;
/** The counter of the visitor's bookings and moves for an address on a day (UTC `YYYY-MM-DD`). */
export const addressChangesKey = (email: string, day: string) => `changes#${addressHash(email)}#${day}`;

/** The availability in force: what staff set, else the stage's defaults. */
export async function availabilityOf(deps: { readonly store: Pick<BookingStore, 'availability'>; readonly defaults: Availability }): Promise<Availability> {
  const stored = await deps.store.availability();
  if (!stored) return deps.defaults;
  const { updatedAt: _at, updatedBy: _by, ...availability } = stored;
  return availability;
}

/** Whether a booking's meeting has ended (its links are dead then). */
export const isOver = (b: Pick<BookingRecord, 'end'>, now: Date) => Date.parse(b.end) <= now.getTime();

/** The bookable slots that still have a free seat. */
export async function freeSlots(deps: BookingDeps, availability: Availability, now: Date): Promise<SlotTimes[]> {
  const slots = bookableSlots(availability, now);
  const last = slots.at(-1);
  if (!last) return [];
  const booked = (await deps.store.between(isoOf(now.getTime() - 86_400_000), isoOf(last.end))).filter((b) => b.state === 'booked');
  const taken = booked.map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.end) }));
  return slots.filter((slot) => taken.filter((t) => overlaps(t, slot)).length < availability.concurrentDemos);
}

function record(base: BookingRecord | undefined, req: DemoRequestInfo, change: Omit<BookingRecord, 'requestId' | 'uid' | 'reference' | 'name' | 'email' | 'company' | 'createdAt' | 'history' | 'version'> & { entry: BookingChange }, uidDomain: string): BookingRecord {
  const { entry, ...fields } = change;
  return {
    requestId: req.id,
    uid: base?.uid ?? `demo-${req.id}@${uidDomain}`,
    reference: req.reference,
    name: req.name,
    email: req.email,
    company: req.company,
    createdAt: base?.createdAt ?? entry.at,
    history: [...(base?.history ?? []), entry],
    version: (base?.version ?? 0) + 1,
    ...fields,
  };
}

/**
 * Books the request's demo at `start`, or moves it there (see the module comment). `by`: 'visitor' or the staff
 * member's address. Answers the booking as stored.
 */
export async function bookAt(deps: BookingDeps, req: DemoRequestInfo, start: string, by: string, timeZone?: string): Promise<BookingRecord> {
  const now = deps.clock.now();
  const availability = await availabilityOf(deps);
  const current = await deps.store.get(req.id);
  if (current?.state === 'booked' && isOver(current, now)) throw new DomainError('not-found', pastMeetingMessage);
  if (current?.state === 'booked' && current.start === start) {
    // Already so (a retried or repeated request): its mails were ordered with it, or are ordered again now.
    await orderMails(deps, current);
    return current;
  }
  const slot = bookableSlotAt(availability, now, start);
  if (!slot) throw new DomainError('invalid', unavailableSlotMessage, { field: 'start' });
  const byVisitor = by === 'visitor';
  if (byVisitor && (current?.history ?? []).filter((e) => e.by === 'visitor' && e.action !== 'cancelled').length >= visitorChangesPerRequest) {
    throw new DomainError('rate-limited', requestChangesMessage);
  }
  const nowSeconds = epoch(now.getTime());
  const until = epoch(slot.end);

  // What this attempt claims, given back if it is refused: but not what the booking as stored then holds (the
  // booking's own seats, or those a change of the same request made meanwhile claimed under the same id).
  const claimed: string[] = [];
  const refuse = async (error: DomainError): Promise<never> => {
    const stored = await deps.store.get(req.id);
    const kept = new Set(stored?.state === 'booked' ? [...stored.seats, stored.emailSeat] : []);
    for (const key of claimed) if (!kept.has(key)) await deps.store.release(key, req.id);
    throw error;
  };

  // The address's seat: the one this booking holds already, else the first free one.
  const held = current?.state === 'booked' ? current.emailSeat : undefined;
  const emailKeys = Array.from({ length: availability.bookingsPerEmail }, (_, i) => emailSeatKey(req.email, i + 1));
  const emailSeat = await claimFirst(deps.store, held ? [held, ...emailKeys.filter((k) => k !== held)] : emailKeys, req.id, until, nowSeconds);
  if (!emailSeat) throw new DomainError('conflicting', emailLimitMessage(availability.bookingsPerEmail));
  claimed.push(emailSeat);

  // The demo's time, a seat in each of its cells (./seats.ts): overlapping demos of any grid meet there.
  const seats = await claimTime(deps.store, { slot, seatsPerCell: availability.concurrentDemos, requestId: req.id, until, now: nowSeconds }, claimed);
  if (!seats) return refuse(new DomainError('conflicting', slotTakenMessage, { field: 'start' }));

  // Counted only once the time is held, so a refused claim costs the visitor nothing.
  if (byVisitor && !(await deps.store.count(addressChangesKey(req.email, now.toISOString().slice(0, 10)), visitorChangesPerAddressPerDay, nowSeconds + COUNTER_KEPT_SECONDS))) {
    return refuse(new DomainError('rate-limited', addressChangesMessage));
  }

  const at = now.toISOString();
  const end = isoOf(slot.end);
  const moving = current?.state === 'booked';
  const next = record(
    current,
    req,
    {
      state: 'booked',
      start,
      end,
      seats,
      emailSeat,
      sequence: current ? current.sequence + 1 : 0,
      timeZone: timeZone ?? current?.timeZone ?? availability.timeZone,
      meetingUrl: availability.meetingUrl,
      updatedAt: at,
      expiresAt: Math.max(req.expiresAt ?? 0, until + KEPT_AFTER_MEETING_SECONDS),
      entry: { at, action: moving ? 'moved' : 'booked', by, start, ...(moving ? { from: current.start } : {}) },
    },
    deps.uidDomain,
  );
  if (!(await deps.store.put(next, current?.version))) return refuse(new DomainError('conflicting', changedMeanwhileMessage));
  await deps.demoFigures?.(next);
  // Only now, with the new time held and recorded, are the old seats given up.
  if (moving) {
    const kept = new Set([...seats, emailSeat]);
    for (const key of [...current.seats, current.emailSeat]) if (!kept.has(key)) await deps.store.release(key, req.id);
  }
  await orderMails(deps, next);
  return next;
}

/** Cancels the request's booking (a repeat of a cancel answers it again). */
export async function cancelBooking(deps: BookingDeps, requestId: string, by: string): Promise<BookingRecord> {
  const now = deps.clock.now();
  const current = await deps.store.get(requestId);
  if (!current) throw new DomainError('not-found', noBookingMessage);
  if (current.state === 'cancelled') {
    // A repeat: its figures and mails again (each counts once), in case the first call stopped before them.
    await deps.demoFigures?.(current);
    await orderMails(deps, current);
    return current;
  }
  if (isOver(current, now)) throw new DomainError('not-found', pastMeetingMessage);
  const at = now.toISOString();
  const next: BookingRecord = {
    ...current,
    state: 'cancelled',
    sequence: current.sequence + 1,
    updatedAt: at,
    history: [...current.history, { at, action: 'cancelled', by, start: current.start }],
    version: current.version + 1,
  };
  if (!(await deps.store.put(next, current.version))) throw new DomainError('conflicting', changedMeanwhileMessage);
  await deps.demoFigures?.(next);
  for (const key of [...current.seats, current.emailSeat]) await deps.store.release(key, requestId);
  await orderMails(deps, next);
  return next;
}

/** The mails of a booking's latest change (./mails.ts), stored once per request and SEQUENCE. */
function orderMails(deps: BookingDeps, b: BookingRecord): Promise<void> {
  const last = b.history.at(-1);
  return deps.mailer.order({
    requestId: b.requestId,
    sequence: b.sequence,
    action: b.state === 'cancelled' ? 'cancelled' : last?.action === 'moved' ? 'moved' : 'booked',
    start: b.start,
    end: b.end,
    changedAt: b.updatedAt,
  });
}
