/** POST /api/staff/exports: the inbox's current filter as a CSV file; answers a short-lived download link. */
import { useMutation } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { InboxFilter } from '@shared/contract/schemas/staff-console';
import type { DownloadAnswer } from '@shared/contract/staff-console';
import { callApi } from '../../../lib/api';

export function exportSubmissions(filter: InboxFilter): Promise<DownloadAnswer> {
  return callApi<DownloadAnswer>(routes.exportSubmissions, filter);
}

export function useExportSubmissions() {
  return useMutation({ mutationFn: exportSubmissions });
}
