/**
 * The Idea Hub form (spec sections 2, 4, 5 and 8). Validated with the same schema as POST /api/ideas.
 * States: idle -> submitting (button disabled, 'Submitting...') -> success (toast, form and file list cleared)
 * or failure (destructive toast, form kept); the submitting flag always ends off.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  emptyIdeaForm,
  ideaBudgets,
  ideaBusinessTypes,
  ideaFieldsSchema,
  type IdeaFields,
  type IdeaFormValues,
} from '../../../../../shared/schemas/idea';
import { Select, TextArea, TextInput } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydration';
import { submissionFailedToast, toast } from '../../../lib/toast';
import { submitIdea } from '../api/submit-idea';
import { DocumentPicker } from './DocumentPicker';

export const ideaToasts = {
  success: { title: 'Idea submitted successfully!', description: "We'll review your app idea and get back to you soon." },
  failure: submissionFailedToast,
};

// The form holds strings (selects start empty); the schema turns them into the typed idea.
const resolver = zodResolver(ideaFieldsSchema) as unknown as Resolver<IdeaFormValues, unknown, IdeaFields>;

export function IdeaForm() {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<IdeaFormValues, unknown, IdeaFields>({ resolver, defaultValues: emptyIdeaForm });
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number[] | null>(null);

  const onSubmit = handleSubmit(async (fields) => {
    setSubmitting(true);
    try {
      await submitIdea(fields, files, files.length > 0 ? setProgress : undefined);
      toast(ideaToasts.success);
      reset(emptyIdeaForm);
      setFiles([]);
      setFileError(null);
    } catch (error) {
      // The server checks with the same rules; show its per-field messages where the visitor can act on them.
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const message = messages[0];
          if (!message) continue;
          if (field === 'files') setFileError(message);
          else if (field in emptyIdeaForm) setError(field as keyof IdeaFormValues, { type: 'server', message });
        }
      }
      toast(ideaToasts.failure);
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  });

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
        <DocumentPicker
          files={files}
          error={fileError}
          onChange={(next, problem) => {
            setFiles(next);
            setFileError(problem);
          }}
          disabled={submitting}
          progress={progress}
        />
      </fieldset>
      <fieldset className="idea-fieldset" disabled={submitting}>
        <legend>Your contact details</legend>
        <TextInput id="idea-full-name" label="Full name" autoComplete="name" aria-required="true" registration={register('fullName')} error={errors.fullName} />
        <div className="idea-row">
          <TextInput id="idea-email" label="Email" type="email" autoComplete="email" aria-required="true" registration={register('email')} error={errors.email} />
          <TextInput id="idea-phone" label="Phone" type="tel" autoComplete="tel" aria-required="true" registration={register('phone')} error={errors.phone} />
        </div>
      </fieldset>
      <button type="submit" className="button button-primary button-lg idea-submit" disabled={submitting || !hydrated}>
        {submitting ? 'Submitting...' : 'Submit Idea'}
      </button>
    </form>
  );
}
