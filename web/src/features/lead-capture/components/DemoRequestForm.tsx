/**
 * The Book-a-Free-Demo form (spec 000_87e5fbf87b6c3f39.txt §2, 3, 5 and 8): idle, then submitting ('Submitting...', disabled),
 * then success (toast, reset, the dialog closes) or failure (destructive toast, the form kept as it was).
 */
import { useForm } from 'react-hook-form';
import type * as z from '@shared/contract/schemas/zod';
import { HONEYPOT_FIELD, demoInterests, emptyDemoForm, preferredTimes, teamSizes } from '@shared/contract/forms';
import type { DemoRequestFields, demoRequestFieldsSchema } from '@shared/contract/schemas/demo-request';
import { pages } from '@shared/content/site';
import { FilePicker } from '../../../components/form/FilePicker';
import { fieldBinder } from '../../../components/form/field-binder';
import { Checkbox, CheckboxGroup, Honeypot, Select, TextArea, TextInput } from '../../../components/form/fields';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { useAttachments } from '../../../components/form/useAttachments';
import { useSubmission } from '../../../components/form/useSubmission';
import { useDemoDialog } from '../../../stores/demo-dialog';
import { createDemoRequest, type DemoRequestCreated } from '../api/create-demo-request';

type FormInput = z.input<typeof demoRequestFieldsSchema>;
const fieldNames = Object.keys(emptyDemoForm) as (keyof DemoRequestFields)[];
const { resolver, loadOnFocus, prepare } = lazyResolver(() => import('./validation').then((m) => m.demoRequestResolver));
// The dialog's code loads when a visitor points at or focuses a demo button, and opening the dialog focuses its first
// field: loading the validation then would land in the frame that shows the dialog. So it starts with the dialog's code.
prepare();

export function DemoRequestForm({ onSubmitted }: { onSubmitted: () => void }) {
  const attachments = useAttachments();
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<FormInput, unknown, DemoRequestFields>({
    resolver,
    defaultValues: emptyDemoForm as FormInput,
  });
  const field = fieldBinder(register, errors);
  const { submitting, progress, submit } = useSubmission<DemoRequestFields>({
    send: createDemoRequest,
    uploads: 'demoRequest',
    successToast: { title: 'Form submitted successfully!', description: "We'll get back to you as soon as possible." },
    fieldNames,
    onFieldError: (name, message) => setError(name as keyof DemoRequestFields, { message }),
    onFilesError: attachments.setError,
    onSuccess: (answer) => {
      reset(emptyDemoForm as FormInput);
      attachments.clear();
      onSubmitted();
      // The booking step (issue 41), offered once the dialog has closed.
      const { id, bookingToken } = (answer ?? {}) as DemoRequestCreated;
      if (id && bookingToken) useDemoDialog.setState({ booking: { request: id, token: bookingToken } });
    },
  });

  return (
    <form
      className="lead-form"
      ref={loadOnFocus}
      onSubmit={(e) => void handleSubmit((fields) => (attachments.error ? undefined : submit(fields, attachments.files)))(e)}
      noValidate
      aria-label="Book a free demo"
    >
      <TextInput id="demo-name" label="Full Name" autoComplete="name" {...field('name')} />
      <TextInput id="demo-email" label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextInput id="demo-phone" label="Phone Number" type="tel" autoComplete="tel" {...field('phone')} />
      <TextInput id="demo-company" label="Company" autoComplete="organization" {...field('company')} />
      <TextInput id="demo-job-title" label="Job Title" autoComplete="organization-title" {...field('jobTitle')} />
      <Select id="demo-team-size" label="Team Size" placeholder="Select team size" options={teamSizes} {...field('teamSize')} />
      <CheckboxGroup id="demo-interests" legend="Areas of Interest" options={demoInterests} {...field('interests')} />
      <Select
        id="demo-preferred-time"
        label="Preferred Meeting Time"
        placeholder="Select a time"
        options={preferredTimes}
        {...field('preferredTime')}
        wide
      />
      <TextArea id="demo-message" label="Tell us about your needs" {...field('message')} />
      <Honeypot id="demo-website" registration={register(HONEYPOT_FIELD)} />
      <FilePicker
        id="demo-files"
        label="Attachments (optional)"
        form="demoRequest"
        progress={progress}
        disabled={submitting}
        {...attachments.picker}
      />
      <Checkbox
        id="demo-consent"
        label={
          <>
            I agree to be contacted about this demo request and accept the{' '}
            {/* A new tab, so the dialog and what is typed in it stay. */}
            <a href={pages.terms.path} target="_blank" rel="noopener">
              terms
            </a>{' '}
            and{' '}
            <a href={pages.privacy.path} target="_blank" rel="noopener">
              privacy policy
            </a>
            .
          </>
        }
        {...field('consent')}
      />
      <div className="lead-actions">
        <button type="submit" className="button button-primary button-block" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
