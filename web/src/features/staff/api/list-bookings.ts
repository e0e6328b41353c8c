/** GET /api/staff/bookings?from=...&to=...: the demos starting in a day or a week, cancelled ones too. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { StaffCalendar } from '@shared/contract/bookings';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function listBookings(from: string, to: string, signal?: AbortSignal): Promise<StaffCalendar> {
  return callApi<StaffCalendar>(routes.listBookings, undefined, { query: { from, to }, ...(signal ? { signal } : {}) });
}

export function useStaffCalendar(from: string, to: string) {
  return useQuery({ queryKey: staffKeys.calendar(from, to), queryFn: ({ signal }) => listBookings(from, to, signal) });
}
