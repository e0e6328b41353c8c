/** GET /api/bookings/slots?request=...&token=...: the request's booking and the free slots, the preferred ones first. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { SlotsAnswer } from '@shared/contract/bookings';
import { callApi } from '../../../lib/api';
import { bookingKeys, type BookingLink } from './keys';

export function getBookingSlots(link: BookingLink, signal?: AbortSignal): Promise<SlotsAnswer> {
  return callApi<SlotsAnswer>(routes.getBookingSlots, undefined, { query: { request: link.request, token: link.token }, ...(signal ? { signal } : {}) });
}

export function useBookingSlots(link: BookingLink) {
  // Other visitors take slots meanwhile: read again whenever the page is opened.
  return useQuery({ queryKey: bookingKeys.slots(link), queryFn: ({ signal }) => getBookingSlots(link, signal), staleTime: 0 });
}
