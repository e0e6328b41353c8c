/** POST /api/bookings/cancel: cancel the request's demo (the cancel link's own token). */
import { useMutation } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { BookingView } from '@shared/contract/bookings';
import { callApi } from '../../../lib/api';
import type { BookingLink } from './keys';

export function cancelDemo(link: BookingLink): Promise<BookingView> {
  return callApi<BookingView>(routes.cancelDemo, { ...link });
}

export function useCancelDemo(link: BookingLink) {
  return useMutation({ mutationFn: () => cancelDemo(link) });
}
