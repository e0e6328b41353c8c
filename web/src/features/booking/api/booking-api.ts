/**
 * The booking page's calls (issue 41): the request's slots, booking or moving its demo, cancelling it. Each carries
 * the link's request id and token; nothing else identifies the visitor.
 */
import { routes } from '@shared/contract/api';
import type { BookingView, SlotsAnswer } from '@shared/contract/bookings';
import { callApi } from '../../../lib/api';

export interface BookingLink {
  readonly request: string;
  readonly token: string;
}

export const getSlots = (link: BookingLink, signal?: AbortSignal) =>
  callApi<SlotsAnswer>(routes.getBookingSlots, undefined, { query: { request: link.request, token: link.token }, ...(signal ? { signal } : {}) });

export const bookDemo = (link: BookingLink, start: string, timeZone: string) => callApi<BookingView>(routes.bookDemo, { ...link, start, timeZone });

export const cancelDemo = (link: BookingLink) => callApi<BookingView>(routes.cancelDemo, { ...link });
