/** POST /api/staff/deliveries: one delivery sent again now, through the delivery engine (sent once, however many clicks). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { DeliveryTarget, SubmissionView } from '@shared/contract/staff-console';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

/** `sentAgain`: the delivery's count as the screen showed it (the press is refused when another was taken since). */
export function sendDeliveryAgain(input: { id: string; target: DeliveryTarget; sentAgain: number }): Promise<SubmissionView> {
  return callApi<SubmissionView>(routes.sendDeliveryAgain, input);
}

export function useSendDeliveryAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendDeliveryAgain,
    onSuccess: (view) => {
      client.setQueryData(staffKeys.submission(view.id), view);
      void client.invalidateQueries({ queryKey: staffKeys.inboxes });
    },
    // Refused (being sent, changed meanwhile): show the log as it is now.
    onError: (_error, input) => void client.invalidateQueries({ queryKey: staffKeys.submission(input.id) }),
  });
}
