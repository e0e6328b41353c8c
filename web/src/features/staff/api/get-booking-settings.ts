/** GET /api/staff/booking-settings: the availability in force (the stage's until staff save theirs) and the caller's feed. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { BookingSettingsView } from '@shared/contract/bookings';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function getBookingSettings(signal?: AbortSignal): Promise<BookingSettingsView> {
  return callApi<BookingSettingsView>(routes.getBookingSettings, undefined, signal ? { signal } : {});
}

export function useBookingSettings() {
  return useQuery({ queryKey: staffKeys.bookingSettings, queryFn: ({ signal }) => getBookingSettings(signal) });
}
