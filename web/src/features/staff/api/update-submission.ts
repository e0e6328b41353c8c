/** POST /api/staff/submission: a new status and/or an internal note, recorded in the audit trail. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { SubmissionUpdate } from '@shared/contract/schemas/staff-console';
import type { SubmissionView } from '@shared/contract/staff-console';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function updateSubmission(input: SubmissionUpdate): Promise<SubmissionView> {
  return callApi<SubmissionView>(routes.updateSubmission, input);
}

export function useUpdateSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSubmission,
    onSuccess: (view) => {
      client.setQueryData(staffKeys.submission(view.id), view);
      // The inbox lists the status.
      void client.invalidateQueries({ queryKey: staffKeys.inboxes });
    },
  });
}
