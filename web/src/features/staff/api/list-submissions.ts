/**
 * GET /api/staff/submissions: the inbox, a page at a time (newest first). The hook reads page after page on
 * "Load more" (TanStack Query's infinite query), each page continuing from the previous one's cursor.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { InboxFilter } from '@shared/contract/schemas/staff-console';
import type { InboxPage } from '@shared/contract/staff-console';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export const INBOX_PAGE_SIZE = 25;

export function listSubmissions(filter: InboxFilter, cursor: string | undefined, signal?: AbortSignal): Promise<InboxPage> {
  return callApi<InboxPage>(routes.listSubmissions, undefined, {
    query: { ...filter, cursor, limit: INBOX_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export function useInboxPages(filter: InboxFilter) {
  return useInfiniteQuery({
    queryKey: staffKeys.inbox(filter),
    queryFn: ({ pageParam, signal }) => listSubmissions(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
  });
}
