/** GET /api/staff/overview: the console's first screen, read from the figures kept as records are written. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { OverviewView } from '@shared/contract/staff-overview';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function getOverview(signal?: AbortSignal): Promise<OverviewView> {
  return callApi<OverviewView>(routes.getOverview, undefined, signal ? { signal } : {});
}

export function useOverview() {
  return useQuery({
    queryKey: staffKeys.overview,
    queryFn: ({ signal }) => getOverview(signal),
    // Open leads age by the minute: read again when staff come back to the screen after a while.
    staleTime: 60_000,
  });
}
