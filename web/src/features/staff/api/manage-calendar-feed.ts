/** POST /api/staff/calendar-feed: a new private feed for the caller (the old one stops working), or none. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { CalendarFeedAnswer } from '@shared/contract/bookings';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function manageCalendarFeed(action: 'create' | 'revoke'): Promise<CalendarFeedAnswer> {
  return callApi<CalendarFeedAnswer>(routes.manageCalendarFeed, { action });
}

export function useManageCalendarFeed() {
  const client = useQueryClient();
  return useMutation({ mutationFn: manageCalendarFeed, onSuccess: () => void client.invalidateQueries({ queryKey: staffKeys.bookingSettings }) });
}
