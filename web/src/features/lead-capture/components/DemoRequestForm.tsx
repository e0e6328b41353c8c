/**
 * The Book-a-Free-Demo form (spec sections 2, 3, 5 and 8): idle, then submitting ('Submitting...', disabled),
 * then success (toast, reset, the dialog closes) or failure (destructive toast, the form kept as it was).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from '@shared/contract/schemas/zod';
import {
  demoInterests,
  demoRequestFieldsSchema,
  emptyDemoForm,
  preferredTimes,
  teamSizes,
  type DemoRequestFields,
} from '@shared/contract/schemas/demo-request';
import { HONEYPOT_FIELD } from '@shared/contract/schemas/honeypot';
import { FilePicker } from '../../../components/form/FilePicker';
import { Checkbox, CheckboxGroup, Honeypot, Select, TextArea, TextInput } from '../../../components/form/fields';
import { useSubmission } from '../../../components/form/useSubmission';
import { sendDemoRequest } from '../api/submissions';

type FormInput = z.input<typeof demoRequestFieldsSchema>;
const fieldNames = Object.keys(demoRequestFieldsSchema.shape) as (keyof DemoRequestFields)[];

export function DemoRequestForm({ onSubmitted }: { onSubmitted: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<FormInput, unknown, DemoRequestFields>({
    resolver: zodResolver(demoRequestFieldsSchema),
    defaultValues: emptyDemoForm as FormInput,
  });
  const { submitting, progress, submit } = useSubmission<DemoRequestFields>({
    send: sendDemoRequest,
    uploads: 'demoRequest',
    successToast: { title: 'Form submitted successfully!', description: "We'll get back to you as soon as possible." },
    fieldNames,
    onFieldError: (name, message) => setError(name as keyof DemoRequestFields, { message }),
    onFilesError: setFileError,
    onSuccess: () => {
      reset(emptyDemoForm as FormInput);
      setFiles([]);
      onSubmitted();
    },
  });

  function changeFiles(next: File[], error: string | undefined) {
    setFiles(next);
    setFileError(error);
  }

  return (
    <form
      className="lead-form"
      onSubmit={(e) => void handleSubmit((fields) => (fileError ? undefined : submit(fields, files)))(e)}
      noValidate
      aria-label="Book a free demo"
    >
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
      <Honeypot id="demo-website" registration={register(HONEYPOT_FIELD)} />
      <FilePicker
        id="demo-files"
        label="Attachments (optional)"
        form="demoRequest"
        files={files}
        error={fileError}
        progress={progress}
        disabled={submitting}
        onChange={changeFiles}
      />
      <Checkbox
        id="demo-consent"
        label="I agree to be contacted about this demo request and accept the terms and privacy policy."
        registration={register('consent')}
        error={errors.consent}
      />
      <div className="lead-actions">
        <button type="submit" className="button button-primary button-block" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
