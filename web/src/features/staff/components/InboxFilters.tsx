/**
 * The inbox's filters: kind, status, received from / to (days), and a search over name, e-mail, company or title,
 * reference and text. Applied on submit (Enter in any field); validated with the same schema as the API.
 */
import { useForm } from 'react-hook-form';
import { inboxFilterSchema, type InboxFilter } from '@shared/contract/schemas/staff-console';
import { leadStatuses, submissionKinds } from '@shared/contract/staff-console';
import { fieldBinder } from '../../../components/form/field-binder';
import { Select, TextInput } from '../../../components/form/fields';

interface FilterValues {
  kind: string;
  status: string;
  from: string;
  to: string;
  q: string;
}

const valuesOf = (filter: InboxFilter): FilterValues => ({
  kind: filter.kind ?? '',
  status: filter.status ?? '',
  from: filter.from ?? '',
  to: filter.to ?? '',
  q: filter.q ?? '',
});

export function InboxFilters({ filter, onApply }: { filter: InboxFilter; onApply: (filter: InboxFilter) => void }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<FilterValues>({ values: valuesOf(filter) });
  const field = fieldBinder(register, formState.errors);

  const apply = handleSubmit((values) => {
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    const parsed = inboxFilterSchema.safeParse(given);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(String(issue.path[0] ?? 'q') as keyof FilterValues, { message: issue.message });
      return;
    }
    onApply(parsed.data);
  });

  return (
    <form className="staff-filters" onSubmit={(e) => void apply(e)} aria-label="Filter the inbox" noValidate>
      <Select id="filter-kind" label="Kind" placeholder="Any kind" options={submissionKinds} {...field('kind')} />
      <Select id="filter-status" label="Status" placeholder="Any status" options={leadStatuses} {...field('status')} />
      <TextInput id="filter-from" label="Received from" type="date" {...field('from')} />
      <TextInput id="filter-to" label="Received to" type="date" {...field('to')} />
      <TextInput
        id="filter-q"
        label="Search"
        type="search"
        hint="Name, e-mail, company or title, reference or words of the message"
        {...field('q')}
      />
      <div className="staff-filter-actions">
        <button type="submit" className="button button-primary">
          Apply filters
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            reset(valuesOf({}));
            onApply({});
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
