/**
 * The Book-a-Free-Demo form (spec sections 2, 3, 5 and 8): idle, then submitting ('Submitting...', disabled),
 * then success (toast, reset, the dialog closes) or failure (destructive toast, the form kept as it was).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from '../../../../../shared/schemas/zod';
import {
  demoInterests,
  demoRequestFieldsSchema,
  emptyDemoForm,
  preferredTimes,
  teamSizes,
  type DemoRequestFields,
} from '../../../../../shared/schemas/demo-request';
import { Checkbox, CheckboxGroup, Select, TextArea, TextInput } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api';
import { newSubmissionId } from '../../../lib/submission-id';
import { submissionFailedToast, toast } from '../../../lib/toast';
import { sendDemoRequest, uploadDemoFiles } from '../api/submissions';
import { FilePicker } from './FilePicker';

type FormInput = z.input<typeof demoRequestFieldsSchema>;
const fieldNames = Object.keys(demoRequestFieldsSchema.shape) as (keyof DemoRequestFields)[];

export function DemoRequestForm({ onSubmitted }: { onSubmitted: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number[] | undefined>();
  // One id per submission attempt, kept while the visitor retries it; a new one after success.
  const submissionId = useRef<string | null>(null);
  // Files already uploaded for this attempt, so a retry does not upload them again.
  const uploaded = useRef<{ files: readonly File[]; keys: string[] } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, DemoRequestFields>({
    resolver: zodResolver(demoRequestFieldsSchema),
    defaultValues: emptyDemoForm as FormInput,
  });

  function changeFiles(next: File[], error: string | undefined) {
    setFileError(error);
    if (next !== files && error === undefined) {
      setFiles(next);
      // Different files make a different submission.
      submissionId.current = null;
      uploaded.current = null;
    }
  }

  async function fileKeys(): Promise<string[]> {
    if (uploaded.current?.files === files) return uploaded.current.keys;
    if (files.length === 0) return [];
    setProgress(files.map(() => 0));
    const keys = await uploadDemoFiles(files, setProgress);
    uploaded.current = { files, keys };
    return keys;
  }

  async function submit(fields: DemoRequestFields) {
    if (fileError) return;
    submissionId.current ??= newSubmissionId();
    try {
      await sendDemoRequest(submissionId.current, fields, fileKeys);
      toast({ title: 'Form submitted successfully!', description: "We'll get back to you as soon as possible." });
      submissionId.current = null;
      uploaded.current = null;
      reset(emptyDemoForm as FormInput);
      setFiles([]);
      setProgress(undefined);
      onSubmitted();
    } catch (error) {
      setProgress(undefined);
      if (error instanceof ApiError && error.status === 400) {
        for (const name of fieldNames) {
          const message = error.fieldErrors[name]?.[0];
          if (message) setError(name, { message });
        }
        const filesMessage = error.fieldErrors.files?.[0];
        if (filesMessage) {
          setFileError(filesMessage);
          uploaded.current = null;
        }
      }
      toast(submissionFailedToast);
    }
  }

  return (
    <form className="lead-form" onSubmit={(e) => void handleSubmit(submit)(e)} noValidate aria-label="Book a free demo">
      <TextInput id="demo-name" label="Full Name" autoComplete="name" registration={register('name')} error={errors.name} />
      <TextInput id="demo-email" label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
      <TextInput id="demo-phone" label="Phone Number" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
      <TextInput id="demo-company" label="Company" autoComplete="organization" registration={register('company')} error={errors.company} />
      <TextInput id="demo-job-title" label="Job Title" autoComplete="organization-title" registration={register('jobTitle')} error={errors.jobTitle} />
      <Select id="demo-team-size" label="Team Size" placeholder="Select team size" options={teamSizes} registration={register('teamSize')} error={errors.teamSize} />
      <CheckboxGroup id="demo-interests" legend="Areas of Interest" options={demoInterests} registration={register('interests')} error={errors.interests} />
      <Select
        id="demo-preferred-time"
        label="Preferred Meeting Time"
        placeholder="Select a time"
        options={preferredTimes}
        registration={register('preferredTime')}
        error={errors.preferredTime}
        wide
      />
      <TextArea id="demo-message" label="Tell us about your needs" registration={register('message')} error={errors.message} />
      <FilePicker files={files} error={fileError} progress={progress} disabled={isSubmitting} onChange={changeFiles} />
      <Checkbox
        id="demo-consent"
        label="I agree to be contacted about this demo request and accept the terms and privacy policy."
        registration={register('consent')}
        error={errors.consent}
      />
      <div className="lead-actions">
        <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
