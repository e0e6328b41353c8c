/**
 * The visitor's booking links: unguessable, single-purpose, bound to one demo request.
 *
 * A token is the HMAC-SHA256 (base64url, 43 characters) of its purpose and the request's id under the stage's
 * booking-link key (BOOKING_LINK_SECRET, a generated secret): `pick` chooses or changes the demo's time, `cancel`
 * cancels it; neither works for the other purpose or another request. Being derived, the same link can be made
 * again by whoever holds the key (the demo request's answer, the confirmation mail, each invitation) without storing
 * it. A link ends with its meeting: once the booked demo has ended (or the request is gone by retention or erasure)
 * the booking rules refuse it (./book.ts). Changing the key ends every link ever sent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { bookingPaths } from '@shared/contract/bookings';

export type LinkPurpose = 'pick' | 'cancel';

export interface BookingLinks {
  /** The token of a purpose for a request. */
  token(purpose: LinkPurpose, requestId: string): string;
  /** Whether `token` is that purpose's token for the request (constant time). */
  verify(purpose: LinkPurpose, requestId: string, token: string): boolean;
  /** The site's page for the purpose, with the request and its token. */
  url(purpose: LinkPurpose, requestId: string): string;
}

export function bookingLinks(key: string, siteOrigin: string): BookingLinks {
  if (!key) throw new Error('The booking-link key (BOOKING_LINK_SECRET) is not set');
  const origin = siteOrigin.replace(/\/+$/, '');
  const token = (purpose: LinkPurpose, requestId: string) => createHmac('sha256', key).update(`booking:${purpose}:${requestId}`).digest('base64url');
  return {
    token,
    verify(purpose, requestId, given) {
      const expected = Buffer.from(token(purpose, requestId));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    url(purpose, requestId) {
      const params = new URLSearchParams({ request: requestId, token: token(purpose, requestId) });
      return `${origin}${bookingPaths[purpose]}?${params.toString()}`;
    },
  };
}
