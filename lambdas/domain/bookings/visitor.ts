/**
 * The visitor's side of booking: what their links open (GET slots, book or move, cancel), each checked against the
 * link's token for its purpose and request (./links.ts). A wrong token, a request that is gone (retention,
 * erasure) or one that is not a demo request all answer the same "not valid" (404): a link tells nothing about
 * requests it was not made for.
 */
import type { BookingView, SlotsAnswer } from '@shared/contract/bookings';
import type { BookDemo } from '@shared/contract/schemas/bookings';
import { DomainError } from '../errors';
import { availabilityOf, bookAt, cancelBooking, freeSlots, isOver, pastMeetingMessage, type BookingDeps } from './book';
import type { BookingLinks, LinkPurpose } from './links';
import type { BookingRecord, DemoRequestInfo } from './ports';
import { offeredSlots } from './slots';

export interface VisitorDeps extends BookingDeps {
  readonly links: BookingLinks;
}

export const linkInvalidMessage = 'This link is not valid or has expired. Please use the link from your latest mail, or write to us.';

async function requestOf(deps: VisitorDeps, purpose: LinkPurpose, requestId: string, token: string): Promise<DemoRequestInfo> {
  if (!deps.links.verify(purpose, requestId, token)) throw new DomainError('not-found', linkInvalidMessage);
  const req = await deps.requests.get(requestId, deps.clock.now());
  if (!req) throw new DomainError('not-found', linkInvalidMessage);
  return req;
}

export function bookingView(b: BookingRecord): BookingView {
  return { state: b.state, start: b.start, end: b.end, timeZone: b.timeZone, meetingUrl: b.meetingUrl };
}

/** GET /api/bookings/slots: the request's booking (if any) and the free slots, the preferred ones first. */
export async function visitorSlots(deps: VisitorDeps, input: { request: string; token: string }): Promise<SlotsAnswer> {
  const req = await requestOf(deps, 'pick', input.request, input.token);
  const now = deps.clock.now();
  const current = await deps.store.get(req.id);
  if (current?.state === 'booked' && isOver(current, now)) throw new DomainError('not-found', pastMeetingMessage);
  const availability = await availabilityOf(deps);
  const slots = await freeSlots(deps, availability, now);
  return {
    reference: req.reference,
    preferredTime: req.preferredTime,
    ...(current ? { booking: bookingView(current) } : {}),
    slots: offeredSlots(
      slots.filter((s) => !(current?.state === 'booked' && Date.parse(current.start) === s.start)),
      req.preferredTime,
    ),
    demoMinutes: availability.demoMinutes,
    agencyTimeZone: availability.timeZone,
  };
}

/** POST /api/bookings: books the demo at the chosen slot, or moves it there. */
export async function visitorBook(deps: VisitorDeps, input: BookDemo): Promise<BookingView> {
  const req = await requestOf(deps, 'pick', input.request, input.token);
  return bookingView(await bookAt(deps, req, input.start, 'visitor', input.timeZone));
}

/** POST /api/bookings/cancel */
export async function visitorCancel(deps: VisitorDeps, input: { request: string; token: string }): Promise<BookingView> {
  const req = await requestOf(deps, 'cancel', input.request, input.token);
  return bookingView(await cancelBooking(deps, req.id, 'visitor'));
}
