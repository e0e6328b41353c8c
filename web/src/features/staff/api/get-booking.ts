/** GET /api/staff/booking?id=...: a demo request's booking, the log of its mails and the free slots to move it to. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { StaffBookingDetail } from '@shared/contract/bookings';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function getBooking(id: string, signal?: AbortSignal): Promise<StaffBookingDetail> {
  return callApi<StaffBookingDetail>(routes.getBooking, undefined, { query: { id }, ...(signal ? { signal } : {}) });
}

export function useStaffBooking(id: string) {
  return useQuery({ queryKey: staffKeys.booking(id), queryFn: ({ signal }) => getBooking(id, signal) });
}
