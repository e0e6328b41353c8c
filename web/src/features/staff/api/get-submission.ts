/** GET /api/staff/submission?id=...: one submission, whole (fields, files with fresh links, delivery log, audit trail). */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { SubmissionView } from '@shared/contract/staff-console';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function getSubmission(id: string, signal?: AbortSignal): Promise<SubmissionView> {
  return callApi<SubmissionView>(routes.getSubmission, undefined, { query: { id }, ...(signal ? { signal } : {}) });
}

export function useStaffSubmission(id: string) {
  return useQuery({
    queryKey: staffKeys.submission(id),
    queryFn: ({ signal }) => getSubmission(id, signal),
    // Download links last five minutes: read again when staff come back to it.
    staleTime: 60_000,
  });
}
