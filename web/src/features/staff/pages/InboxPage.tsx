/**
 * /staff/inbox: every submission, newest first: demo requests, contact messages and ideas in one list with their
 * kind, sender, status and delivery state; filters and a search kept in the address (so a filtered inbox can be
 * bookmarked or shared with a colleague), "Load more" paging, and the current filter exported as CSV.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { inboxFilterSchema, type InboxFilter } from '@shared/contract/schemas/staff-console';
import { toastMessage } from '../../../lib/api';
import { useInboxPages } from '../api/list-submissions';
import { ExportButton } from '../components/ExportButton';
import { InboxFilters } from '../components/InboxFilters';
import { InboxTable } from '../components/InboxTable';
import { StaffNav } from '../components/StaffNav';
import '../staff.css';

const filterNames = ['kind', 'status', 'from', 'to', 'q'] as const;

/** The filter the address names (anything invalid in it is dropped, as if not given). */
function filterOf(params: URLSearchParams): InboxFilter {
  const given = Object.fromEntries(filterNames.flatMap((n) => (params.get(n) ? [[n, params.get(n) as string]] : [])));
  const parsed = inboxFilterSchema.safeParse(given);
  return parsed.success ? parsed.data : {};
}

export function InboxPage() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filter = useMemo(() => filterOf(new URLSearchParams(search)), [search]);
  const inbox = useInboxPages(filter);
  const items = inbox.data?.pages.flatMap((p) => p.items) ?? [];
  const examined = inbox.data?.pages.reduce((n, p) => n + p.examined, 0) ?? 0;
  const filtered = Object.keys(filter).length > 0;

  return (
    <main id="main" className="container page staff-page">
      <StaffNav />
      <h1>Leads inbox</h1>
      <InboxFilters
        filter={filter}
        onApply={(next) => setParams(new URLSearchParams(Object.entries(next).filter(([, v]) => v !== undefined) as [string, string][]))}
      />
      <div className="staff-toolbar">
        <output className="staff-count">
          {inbox.isPending
            ? 'Loading...'
            : inbox.isError
              ? toastMessage(inbox.error, 'The inbox could not be loaded. Please try again.')
              : `${items.length} ${items.length === 1 ? 'submission' : 'submissions'} shown${filter.q ? ` (${examined} looked at)` : ''}`}
        </output>
        <ExportButton filter={filter} />
      </div>
      {items.length > 0 ? <InboxTable items={items} caption={filtered ? 'Submissions matching the filters, newest first' : 'All submissions, newest first'} /> : null}
      {!inbox.isPending && !inbox.isError && items.length === 0 && !inbox.hasNextPage ? <p className="staff-empty">No submissions match.</p> : null}
      {inbox.hasNextPage ? (
        <button type="button" className="button button-secondary" disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
          {inbox.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      ) : null}
    </main>
  );
}
