/** POST /api/staff/people/export: a person's data (submissions, files, account, profile) as one JSON file. */
import { useMutation } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { DownloadAnswer } from '@shared/contract/staff-console';
import { callApi } from '../../../lib/api';

export function exportPerson(email: string): Promise<DownloadAnswer> {
  return callApi<DownloadAnswer>(routes.exportPerson, { email });
}

export function useExportPerson() {
  return useMutation({ mutationFn: exportPerson });
}
