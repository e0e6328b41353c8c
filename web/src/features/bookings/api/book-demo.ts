/** POST /api/bookings: book the request's demo at a slot, or move it there. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { BookingView } from '@shared/contract/bookings';
import { callApi } from '../../../lib/api';
import { bookingKeys, type BookingLink } from './keys';

export function bookDemo(link: BookingLink, start: string, timeZone: string): Promise<BookingView> {
  return callApi<BookingView>(routes.bookDemo, { ...link, start, timeZone });
}

export function useBookDemo(link: BookingLink) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ start, timeZone }: { start: string; timeZone: string }) => bookDemo(link, start, timeZone),
    // Booked, or refused (the time was just taken): the booking and the free slots are read again either way.
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.slots(link) }),
  });
}
