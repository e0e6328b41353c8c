/**
 * The Idea Hub form (spec 000_87e5fbf87b6c3f39.txt §2, 4, 5 and 8). Validated with the same schema as POST /api/ideas.
 * States: idle -> submitting (button disabled, 'Submitting...') -> success (toast, form and file list cleared)
 * or failure (destructive toast, form kept); the submitting flag always ends off.
 */
import { useForm } from 'react-hook-form';
import { HONEYPOT_FIELD, emptyIdeaForm, ideaBudgets, ideaBusinessTypes } from '@shared/contract/forms';
import type { IdeaFields, IdeaFormValues } from '@shared/contract/schemas/idea';
import { FilePicker } from '../../../components/form/FilePicker';
import { fieldBinder } from '../../../components/form/field-binder';
import { Honeypot, Select, TextArea, TextInput } from '../../../components/form/fields';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { useAttachments } from '../../../components/form/useAttachments';
import { useSubmission } from '../../../components/form/useSubmission';
import { useHydrated } from '../../../lib/hydration';
import { createIdea } from '../api/create-idea';

const fieldNames = Object.keys(emptyIdeaForm);
const { resolver, loadOnFocus } = lazyResolver(() => import('./validation').then((m) => m.ideaResolver));

export function IdeaForm() {
  const hydrated = useHydrated();
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<IdeaFormValues, unknown, IdeaFields>({
    resolver,
    defaultValues: emptyIdeaForm,
  });
  const field = fieldBinder(register, errors);
  const attachments = useAttachments();
  const { submitting, progress, submit } = useSubmission<IdeaFields>({
    send: createIdea,
    uploads: 'idea',
    successToast: { title: 'Idea submitted successfully!', description: "We'll review your app idea and get back to you soon." },
    fieldNames,
    // The server checks with the same rules; its per-field messages show where the visitor can act on them.
    onFieldError: (name, message) => setError(name as keyof IdeaFormValues, { type: 'server', message }),
    onFilesError: attachments.setError,
    onSuccess: () => {
      reset(emptyIdeaForm);
      attachments.clear();
    },
  });
  const onSubmit = handleSubmit((fields) => submit(fields, attachments.files));

  return (
    <form
      className="idea-form"
      ref={loadOnFocus}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby="idea-form-title"
    >
      <fieldset className="idea-fieldset" disabled={submitting}>
        <legend>Your idea</legend>
        <TextInput id="idea-title" label="App title" {...field('title')} autoComplete="off" aria-required="true" />
        <TextArea
          id="idea-description"
          label="Description"
          hint="What should the app do, and which problem does it solve?"
          hintAbove
          rows={6}
          aria-required="true"
          {...field('description')}
        />
        <TextArea
          id="idea-target-users"
          label="Target users"
          hint="Who will use it: your staff, your customers, both?"
          hintAbove
          rows={3}
          aria-required="true"
          {...field('targetUsers')}
        />
        <div className="idea-row">
          <Select
            id="idea-business-type"
            label="Business sector"
            placeholder="Select a business sector"
            options={ideaBusinessTypes}
            aria-required="true"
            {...field('businessType')}
          />
          <Select
            id="idea-budget"
            label="Budget"
            placeholder="Select your budget"
            options={ideaBudgets}
            aria-required="true"
            {...field('budget')}
          />
        </div>
        <FilePicker
          id="idea-files"
          label="Supporting documents (optional)"
          form="idea"
          progress={progress}
          disabled={submitting}
          {...attachments.picker}
          showCount
        />
      </fieldset>
      <fieldset className="idea-fieldset" disabled={submitting}>
        <legend>Your contact details</legend>
        <TextInput id="idea-full-name" label="Full name" autoComplete="name" aria-required="true" {...field('fullName')} />
        <div className="idea-row">
          <TextInput id="idea-email" label="Email" type="email" autoComplete="email" aria-required="true" {...field('email')} />
          <TextInput id="idea-phone" label="Phone" type="tel" autoComplete="tel" aria-required="true" {...field('phone')} />
        </div>
        <Honeypot id="idea-website" registration={register(HONEYPOT_FIELD)} />
      </fieldset>
      <button type="submit" className="button button-primary button-lg idea-submit" disabled={submitting || !hydrated}>
        {submitting ? 'Submitting...' : 'Submit Idea'}
      </button>
    </form>
  );
}
