/** POST /api/staff/booking: move or cancel a lead's demo; the visitor gets the update or the cancellation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { StaffBookingDetail } from '@shared/contract/bookings';
import type { StaffBookingChange } from '@shared/contract/schemas/bookings';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function changeBooking(change: StaffBookingChange): Promise<StaffBookingDetail> {
  return callApi<StaffBookingDetail>(routes.changeBooking, change);
}

export function useChangeBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeBooking,
    onSuccess: (detail, change) => {
      client.setQueryData(staffKeys.booking(change.id), detail);
      // The day and week views list it.
      void client.invalidateQueries({ queryKey: staffKeys.calendars });
    },
  });
}
