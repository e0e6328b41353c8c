/** POST /api/staff/booking-settings: the whole availability, as the form shows it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { Availability, BookingSettingsView } from '@shared/contract/bookings';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function updateBookingSettings(availability: Availability): Promise<BookingSettingsView> {
  return callApi<BookingSettingsView>(routes.updateBookingSettings, availability);
}

export function useUpdateBookingSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateBookingSettings, onSuccess: (view) => client.setQueryData(staffKeys.bookingSettings, view) });
}
