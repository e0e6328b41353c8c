/**
 * The Idea Hub form (spec sections 2, 4, 5 and 8). Validated with the same schema as POST /api/ideas.
 * States: idle -> submitting (button disabled, 'Submitting...') -> success (toast, form and file list cleared)
 * or failure (destructive toast, form kept); the submitting flag always ends off.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { HONEYPOT_FIELD } from '@shared/contract/schemas/honeypot';
import {
  emptyIdeaForm,
  ideaBudgets,
  ideaBusinessTypes,
  ideaFieldsSchema,
  type IdeaFields,
  type IdeaFormValues,
} from '@shared/contract/schemas/idea';
import { FilePicker } from '../../../components/form/FilePicker';
import { Honeypot, Select, TextArea, TextInput } from '../../../components/form/fields';
import { useSubmission } from '../../../components/form/useSubmission';
import { useHydrated } from '../../../lib/hydration';
import { sendIdea } from '../api/send-idea';

// The form holds strings (selects start empty); the schema turns them into the typed idea.
const resolver = zodResolver(ideaFieldsSchema) as unknown as Resolver<IdeaFormValues, unknown, IdeaFields>;
const fieldNames = Object.keys(ideaFieldsSchema.shape);

export function IdeaForm() {
  const hydrated = useHydrated();
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<IdeaFormValues, unknown, IdeaFields>({
    resolver,
    defaultValues: emptyIdeaForm,
  });
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();
  const { submitting, progress, submit } = useSubmission<IdeaFields>({
    send: sendIdea,
    uploads: 'idea',
    successToast: { title: 'Idea submitted successfully!', description: "We'll review your app idea and get back to you soon." },
    fieldNames,
    // The server checks with the same rules; its per-field messages show where the visitor can act on them.
    onFieldError: (name, message) => setError(name as keyof IdeaFormValues, { type: 'server', message }),
    onFilesError: setFileError,
    onSuccess: () => {
      reset(emptyIdeaForm);
      setFiles([]);
      setFileError(undefined);
    },
  });
  const onSubmit = handleSubmit((fields) => submit(fields, files));

  return (
    <form className="idea-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="idea-form-title">
      <fieldset className="idea-fieldset" disabled={submitting}>
        <legend>Your idea</legend>
        <TextInput id="idea-title" label="App title" registration={register('title')} error={errors.title} autoComplete="off" aria-required="true" />
        <TextArea
          id="idea-description"
          label="Description"
          hint="What should the app do, and which problem does it solve?"
          hintAbove
          rows={6}
          aria-required="true"
          registration={register('description')}
          error={errors.description}
        />
        <TextArea
          id="idea-target-users"
          label="Target users"
          hint="Who will use it: your staff, your customers, both?"
          hintAbove
          rows={3}
          aria-required="true"
          registration={register('targetUsers')}
          error={errors.targetUsers}
        />
        <div className="idea-row">
          <Select
            id="idea-business-type"
            label="Business sector"
            placeholder="Select a business sector"
            options={ideaBusinessTypes}
            aria-required="true"
            registration={register('businessType')}
            error={errors.businessType}
          />
          <Select
            id="idea-budget"
            label="Budget"
            placeholder="Select your budget"
            options={ideaBudgets}
            aria-required="true"
            registration={register('budget')}
            error={errors.budget}
          />
        </div>
        <FilePicker
          id="idea-files"
          label="Supporting documents (optional)"
          form="idea"
          files={files}
          error={fileError}
          progress={progress}
          disabled={submitting}
          onChange={(next, problem) => {
            setFiles(next);
            setFileError(problem);
          }}
          showCount
        />
      </fieldset>
      <fieldset className="idea-fieldset" disabled={submitting}>
        <legend>Your contact details</legend>
        <TextInput id="idea-full-name" label="Full name" autoComplete="name" aria-required="true" registration={register('fullName')} error={errors.fullName} />
        <div className="idea-row">
          <TextInput id="idea-email" label="Email" type="email" autoComplete="email" aria-required="true" registration={register('email')} error={errors.email} />
          <TextInput id="idea-phone" label="Phone" type="tel" autoComplete="tel" aria-required="true" registration={register('phone')} error={errors.phone} />
        </div>
        <Honeypot id="idea-website" registration={register(HONEYPOT_FIELD)} />
      </fieldset>
      <button type="submit" className="button button-primary button-lg idea-submit" disabled={submitting || !hydrated}>
        {submitting ? 'Submitting...' : 'Submit Idea'}
      </button>
    </form>
  );
}
