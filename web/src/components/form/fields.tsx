/**
 * The site's labelled form controls (lead forms, Idea Hub, accounts). Each wires its hint and error to the
 * control (aria-invalid, aria-describedby) so a screen reader reads them with the field. Nothing here touches
 * the browser during render: the contact form and the Idea Hub form are prerendered with their pages.
 * Only lazily loaded feature code imports this module, so it and form.css stay out of Home's first load. It
 * takes only types from react-hook-form: a form that keeps its own state (the prompt studio) uses these controls
 * without the library; forms on react-hook-form bind them with ./field-binder.ts.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import './form.css';

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="form-error">
      {message}
    </p>
  );
}

type AriaWiring = { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

interface FieldProps {
  readonly id: string;
  readonly label: string;
  readonly error?: FieldError | undefined;
  readonly hint?: string | undefined;
  /** Between the label and the control, read before typing (long answers); else under the control. */
  readonly hintAbove?: boolean | undefined;
  /** Spans the whole row of a two-column form. */
  readonly wide?: boolean | undefined;
  readonly children: (aria: AriaWiring) => ReactNode;
}

/** Label, control, hint and error of one field; `children` renders the control with the aria wiring. */
export function Field({ id, label, error, hint, hintAbove, wide, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const hintText = hint ? (
    <p id={hintId} className="form-hint">
      {hint}
    </p>
  ) : null;
  return (
    <div className={wide ? 'form-field form-field-wide' : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      {hintAbove ? hintText : null}
      {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hintAbove ? null : hintText}
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
  readonly hintAbove?: boolean;
  readonly wide?: boolean;
}

export function TextInput({ id, label, registration, error, hint, hintAbove, wide, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} hintAbove={hintAbove} wide={wide}>
      {(aria) => <input id={id} {...input} {...registration} {...aria} />}
    </Field>
  );
}

/** A multi-line answer; always spans the whole row. */
export function TextArea({ id, label, registration, error, hint, hintAbove, ...area }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} hintAbove={hintAbove} wide>
      {(aria) => <textarea id={id} rows={4} {...area} {...registration} {...aria} />}
    </Field>
  );
}

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** Options given as plain strings are their own labels. */
const asOption = (o: Option | string): Option => (typeof o === 'string' ? { value: o, label: o } : o);

export function Select({
  id,
  label,
  registration,
  error,
  hint,
  hintAbove,
  placeholder,
  options,
  wide,
  ...select
}: Common & { readonly placeholder: string; readonly options: readonly (Option | string)[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} hintAbove={hintAbove} wide={wide}>
      {(aria) => (
        <select id={id} {...select} {...registration} {...aria}>
          <option value="">{placeholder}</option>
          {options.map(asOption).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A single checkbox with its label beside it (consent, newsletter). */
export function Checkbox({ id, label, registration, error }: { id: string; label: ReactNode; registration: UseFormRegisterReturn; error?: FieldError | undefined }) {
  const errorId = error?.message ? `${id}-error` : undefined;
  return (
    <div className="form-field form-field-wide">
      <div className="form-check">
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
    <fieldset className="form-field form-field-wide form-group" aria-describedby={errorId}>
      <legend>{legend}</legend>
      <div className="form-group-options">
        {options.map((o) => (
          <div className="form-check" key={o.value}>
            <input id={`${id}-${o.value}`} type="checkbox" value={o.value} {...registration} />
            <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </div>
      <ErrorText id={`${id}-error`} message={error?.message} />
    </fieldset>
  );
}

/**
 * The honeypot field (shared/contract/schemas/honeypot.ts): named like a field bots fill in, kept out of sight, out of
 * the accessibility tree (aria-hidden) and out of the tab order, with autofill off, so a person always sends it
 * empty. Place it between other fields, not first or last: a dialog's focus trap takes its first and last inputs.
 */
export function Honeypot({ id, registration }: { id: string; registration: UseFormRegisterReturn }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
