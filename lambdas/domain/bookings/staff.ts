/**
 * The staff's side of booking (/staff/calendar and a lead's page): the demos of a day or a week, a lead's booking
 * with the log of its mails, moving or cancelling it (the visitor is told by the same mails as their own changes),
 * the availability, and a private calendar feed (an iCalendar URL with a secret token, made and revoked here).
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  Availability,
  BookingMessageView,
  BookingSettingsView,
  CalendarFeedAnswer,
  StaffBookingDetail,
  StaffBookingView,
  StaffCalendar,
} from '@shared/contract/bookings';
import type { StaffBookingChange } from '@shared/contract/schemas/bookings';
import { DomainError } from '../errors';
import type { SubmissionRecord } from '../submissions/record';
import { availabilityOf, bookAt, cancelBooking, freeSlots, type BookingDeps } from './book';
import { feedCalendar } from './ical';
import { bookingMailId, bookingTargetLabels } from './mails';
import type { BookingMailOrder, BookingRecord, BookingStore, FeedStore } from './ports';
import { offeredSlots } from './slots';

export interface StaffBookingDeps extends BookingDeps {
  readonly feeds: FeedStore;
  /** The engine's records of a booking's mails, by id (the submissions table). */
  readonly mailRecords: (ids: readonly string[]) => Promise<SubmissionRecord<unknown>[]>;
  /** The staff member's name for the booking's history (their e-mail address). */
  readonly staffName: (sub: string) => Promise<string>;
  readonly siteOrigin: string;
}

export const noRequestMessage = 'Unknown demo request.';

export function staffBookingView(b: BookingRecord): StaffBookingView {
  return {
    requestId: b.requestId,
    reference: b.reference,
    state: b.state,
    start: b.start,
    end: b.end,
    name: b.name,
    email: b.email,
    company: b.company,
    timeZone: b.timeZone,
    uid: b.uid,
    sequence: b.sequence,
    history: b.history,
  };
}

/** GET /api/staff/bookings: the demos starting between two instants (a day or a week), cancelled ones too. */
export async function staffCalendar(deps: StaffBookingDeps, range: { from: string; to: string }): Promise<StaffCalendar> {
  const availability = await availabilityOf(deps);
  const bookings = await deps.store.between(range.from, range.to);
  return { from: range.from, to: range.to, timeZone: availability.timeZone, bookings: bookings.map(staffBookingView) };
}

function messagesOf(records: readonly SubmissionRecord<unknown>[]): BookingMessageView[] {
  return records
    .map((r) => r as SubmissionRecord<BookingMailOrder>)
    .sort((a, b) => a.data.sequence - b.data.sequence)
    .flatMap((r) =>
      Object.entries(r.deliveries).map(([target, d]) => ({
        id: r.id,
        sequence: r.data.sequence,
        target,
        label: `${bookingTargetLabels[target] ?? target} (${r.data.action})`,
        state: d.state,
        attempts: d.attempts,
        ...(d.dueAt ? { dueAt: d.dueAt } : {}),
        ...(d.sentAt ? { sentAt: d.sentAt } : {}),
        ...(d.lastError ? { lastError: d.lastError } : {}),
        ...(d.reason ? { reason: d.reason } : {}),
      })),
    );
}

/** GET /api/staff/booking?id=...: a demo request's booking, its mails, and the free slots to move it to. */
export async function staffBookingDetail(deps: StaffBookingDeps, requestId: string): Promise<StaffBookingDetail> {
  const now = deps.clock.now();
  const req = await deps.requests.get(requestId, now);
  if (!req) throw new DomainError('not-found', noRequestMessage);
  const booking = await deps.store.get(requestId);
  const availability = await availabilityOf(deps);
  const ids = booking ? Array.from({ length: booking.sequence + 1 }, (_, i) => bookingMailId(requestId, i)) : [];
  const records = ids.length > 0 ? await deps.mailRecords(ids) : [];
  const slots = await freeSlots(deps, availability, now);
  return {
    ...(booking ? { booking: staffBookingView(booking) } : {}),
    messages: messagesOf(records),
    slots: offeredSlots(slots, undefined),
  };
}

/** POST /api/staff/booking: move or cancel; the visitor gets the update or the cancellation. */
export async function staffChangeBooking(deps: StaffBookingDeps, change: StaffBookingChange, actorSub: string): Promise<StaffBookingDetail> {
  const req = await deps.requests.get(change.id, deps.clock.now());
  if (!req) throw new DomainError('not-found', noRequestMessage);
  const by = await deps.staffName(actorSub);
  if (change.action === 'move') await bookAt(deps, req, change.start, by);
  else await cancelBooking(deps, req.id, by);
  return staffBookingDetail(deps, req.id);
}

export async function bookingSettings(deps: StaffBookingDeps, sub: string): Promise<BookingSettingsView> {
  const [stored, hasFeed] = await Promise.all([deps.store.availability(), deps.feeds.hasFeed(sub)]);
  return { availability: await availabilityOf(deps), customised: stored !== undefined, hasFeed };
}

export async function saveBookingSettings(deps: StaffBookingDeps, availability: Availability, sub: string): Promise<BookingSettingsView> {
  await deps.store.saveAvailability(availability, await deps.staffName(sub), deps.clock.now());
  return bookingSettings(deps, sub);
}

export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes the caller a new private feed (their old one stops working), or revokes it. */
export async function manageFeed(deps: StaffBookingDeps, action: 'create' | 'revoke', sub: string): Promise<CalendarFeedAnswer> {
  if (action === 'revoke') {
    await deps.feeds.revoke(sub);
    return {};
  }
  const token = randomBytes(32).toString('base64url');
  await deps.feeds.replace(sub, feedTokenHash(token), deps.clock.now());
  return { url: `${deps.siteOrigin.replace(/\/+$/, '')}/api/calendar-feed?token=${token}` };
}

/** How far back and ahead the feed reaches. */
const FEED_PAST_DAYS = 30;
const FEED_AHEAD_DAYS = 120;

/** What the feed reads: the token's owner and the calendar. */
export interface FeedDeps extends Pick<StaffBookingDeps, 'clock' | 'siteOrigin'> {
  readonly feeds: Pick<FeedStore, 'ownerOf'>;
  readonly store: Pick<BookingStore, 'between'>;
}

/** GET /api/calendar-feed?token=...: the feed of the token's owner, or not-found for an unknown or revoked token. */
export async function feedText(deps: FeedDeps, token: string): Promise<string> {
  const owner = await deps.feeds.ownerOf(feedTokenHash(token));
  if (!owner) throw new DomainError('not-found', 'This calendar feed does not exist or was revoked.');
  const now = deps.clock.now();
  const bookings = await deps.store.between(new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000).toISOString(), new Date(now.getTime() + FEED_AHEAD_DAYS * 86_400_000).toISOString());
  return feedCalendar(bookings, deps.siteOrigin, now);
}
