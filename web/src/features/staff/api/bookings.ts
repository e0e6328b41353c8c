/**
 * The staff console's calendar calls (issue 41): the demos of a range, a lead's booking, moving or cancelling it,
 * the availability and the private feed. Reads are TanStack Query hooks; writes update the reads they change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { Availability, BookingSettingsView, CalendarFeedAnswer, StaffBookingDetail, StaffCalendar } from '@shared/contract/bookings';
import type { StaffBookingChange } from '@shared/contract/schemas/bookings';
import { callApi } from '../../../lib/api';

const keys = {
  calendar: (from: string, to: string) => ['staff', 'bookings', from, to] as const,
  booking: (id: string) => ['staff', 'booking', id] as const,
  settings: ['staff', 'booking-settings'] as const,
};

export function useStaffCalendar(from: string, to: string) {
  return useQuery({ queryKey: keys.calendar(from, to), queryFn: ({ signal }) => callApi<StaffCalendar>(routes.listBookings, undefined, { query: { from, to }, signal }) });
}

export function useStaffBooking(id: string) {
  return useQuery({ queryKey: keys.booking(id), queryFn: ({ signal }) => callApi<StaffBookingDetail>(routes.getBooking, undefined, { query: { id }, signal }) });
}

export function useChangeBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffBookingChange) => callApi<StaffBookingDetail>(routes.changeBooking, change),
    onSuccess: (detail, change) => {
      client.setQueryData(keys.booking(change.id), detail);
      void client.invalidateQueries({ queryKey: ['staff', 'bookings'] });
    },
  });
}

export function useBookingSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => callApi<BookingSettingsView>(routes.getBookingSettings, undefined, { signal }) });
}

export function useSaveBookingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) => callApi<BookingSettingsView>(routes.updateBookingSettings, availability),
    onSuccess: (view) => client.setQueryData(keys.settings, view),
  });
}

export function useCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'revoke') => callApi<CalendarFeedAnswer>(routes.manageCalendarFeed, { action }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.settings }),
  });
}
