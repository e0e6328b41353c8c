/**
 * The lead forms' labelled controls. Each wires its error to the control (aria-invalid, aria-describedby) so a
 * screen reader reads the message with the field. Nothing here touches the browser during render: the contact
 * form is prerendered with its page.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="lead-error">
      {message}
    </p>
  );
}

interface FrameProps {
  readonly id: string;
  readonly label: string;
  readonly error?: FieldError | undefined;
  readonly hint?: string | undefined;
  readonly wide?: boolean;
  readonly children: (aria: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

function Frame({ id, label, error, hint, wide, children }: FrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? 'lead-field lead-field-wide' : 'lead-field'}>
      <label htmlFor={id}>{label}</label>
      {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="lead-hint">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} message={error?.message} />
    </div>
  );
}

interface Common {
  readonly id: string;
  readonly label: string;
  readonly registration: UseFormRegisterReturn;
  readonly error?: FieldError | undefined;
  readonly hint?: string;
  readonly wide?: boolean;
}

export function TextInput({ id, label, registration, error, hint, wide, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} wide={wide ?? false}>
      {(aria) => <input id={id} {...input} {...registration} {...aria} />}
    </Frame>
  );
}

export function TextArea({ id, label, registration, error, hint, ...area }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} wide>
      {(aria) => <textarea id={id} rows={4} {...area} {...registration} {...aria} />}
    </Frame>
  );
}

export interface Option {
  readonly value: string;
  readonly label: string;
}

export function Select({
  id,
  label,
  registration,
  error,
  hint,
  placeholder,
  options,
  wide,
  ...select
}: Common & { placeholder: string; options: readonly Option[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'>) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} wide={wide ?? false}>
      {(aria) => (
        <select id={id} {...select} {...registration} {...aria}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Frame>
  );
}

/** A single checkbox with its label beside it (consent, newsletter). */
export function Checkbox({ id, label, registration, error }: { id: string; label: ReactNode; registration: UseFormRegisterReturn; error?: FieldError | undefined }) {
  const errorId = error?.message ? `${id}-error` : undefined;
  return (
    <div className="lead-field lead-field-wide">
      <div className="lead-check">
        <input id={id} type="checkbox" {...registration} aria-invalid={error ? true : undefined} aria-describedby={errorId} />
        <label htmlFor={id}>{label}</label>
      </div>
      <ErrorText id={`${id}-error`} message={error?.message} />
    </div>
  );
}

/** A group of checkboxes sharing one name (the demo's areas of interest), with one error for the group. */
export function CheckboxGroup({
  id,
  legend,
  options,
  registration,
  error,
}: {
  id: string;
  legend: string;
  options: readonly Option[];
  registration: UseFormRegisterReturn;
  error?: { message?: string | undefined } | undefined;
}) {
  const errorId = error?.message ? `${id}-error` : undefined;
  return (
    <fieldset className="lead-field lead-field-wide lead-group" aria-describedby={errorId}>
      <legend>{legend}</legend>
      <div className="lead-group-options">
        {options.map((o) => (
          <div className="lead-check" key={o.value}>
            <input id={`${id}-${o.value}`} type="checkbox" value={o.value} {...registration} />
            <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </div>
      <ErrorText id={`${id}-error`} message={error?.message} />
    </fieldset>
  );
}
