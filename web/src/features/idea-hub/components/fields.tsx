/**
 * The Idea Hub's labelled controls. Each wires its error to the control (aria-invalid, aria-describedby) so a
 * screen reader reads the message with the field, and renders the same on the server (the page is prerendered).
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FieldFrameProps {
  readonly id: string;
  readonly label: string;
  readonly error?: FieldError | undefined;
  readonly hint?: string;
  readonly children: (describedBy: string | undefined) => ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="idea-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="idea-hint">
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      {errorId ? (
        <p id={errorId} className="idea-error">
          {error?.message}
        </p>
      ) : null}
    </div>
  );
}

interface Common {
  readonly id: string;
  readonly label: string;
  readonly registration: UseFormRegisterReturn;
  readonly error?: FieldError | undefined;
  readonly hint?: string;
}

export function TextInput({ id, label, registration, error, hint, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      {(describedBy) => (
        <input id={id} aria-required="true" {...input} {...registration} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      )}
    </FieldFrame>
  );
}

export function TextArea({ id, label, registration, error, hint, ...area }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>) {
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      {(describedBy) => (
        <textarea id={id} aria-required="true" {...area} {...registration} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      )}
    </FieldFrame>
  );
}

export function Select({
  id,
  label,
  registration,
  error,
  hint,
  placeholder,
  options,
  ...select
}: Common & { readonly placeholder: string; readonly options: readonly string[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'>) {
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      {(describedBy) => (
        <select id={id} aria-required="true" {...select} {...registration} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
