/**
 * Work the lead: a new status, an internal note, a reply recorded (the staff member answered the visitor, which
 * counts as answered: shared/contract/lead-answer.ts); each saved as an entry of the audit trail. Checked with the
 * API's own schema before it is sent (the status only when it changed).
 */
import { useForm } from 'react-hook-form';
import { submissionUpdateSchema } from '@shared/contract/schemas/staff-console';
import { leadStatuses, type LeadStatus } from '@shared/contract/staff-console';
import { fieldBinder } from '../../../components/form/field-binder';
import { Checkbox, Select, TextArea } from '../../../components/form/fields';
import { ApiError, toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdateSubmission } from '../api/update-submission';

interface WorkValues {
  status: string;
  note: string;
  replied: boolean;
}

export function WorkForm({ id, status }: { id: string; status: LeadStatus }) {
  const saving = useUpdateSubmission();
  const { register, handleSubmit, reset, setError, formState } = useForm<WorkValues>({ defaultValues: { status, note: '', replied: false } });
  const field = fieldBinder(register, formState.errors);

  const save = handleSubmit((values) => {
    const parsed = submissionUpdateSchema.safeParse({
      id,
      ...(values.status !== status ? { status: values.status } : {}),
      ...(values.note.trim() ? { note: values.note } : {}),
      ...(values.replied ? { replied: true } : {}),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] === 'status' ? 'status' : 'note';
        setError(name, { message: issue.message });
      }
      return;
    }
    saving.mutate(parsed.data, {
      onSuccess: (view) => {
        reset({ status: view.status, note: '', replied: false });
        toast({ title: 'Saved', description: 'The change is in the audit trail.' });
      },
      onError: (error) => {
        const first = error instanceof ApiError ? Object.entries(error.fieldErrors)[0] : undefined;
        if (first && (first[0] === 'status' || first[0] === 'note')) setError(first[0], { message: first[1][0] });
        toast({ title: 'Not saved', description: toastMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  });

  return (
    <form className="staff-section staff-work" onSubmit={(e) => void save(e)} aria-labelledby="work-title" noValidate>
      <h2 id="work-title">Work this lead</h2>
      <Select id="work-status" label="Status" placeholder="Choose a status" options={leadStatuses} {...field('status')} />
      <TextArea id="work-note" label="Internal note" hint="Only staff see it. Saved with your name and the time." {...field('note')} />
      <Checkbox id="work-replied" label="I replied to the visitor (counts as answered)" registration={register('replied')} />
      <div>
        <button type="submit" className="button button-primary" disabled={saving.isPending}>
          {saving.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
