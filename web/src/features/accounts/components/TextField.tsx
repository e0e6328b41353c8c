/** A labelled input with its error message wired up for screen readers (aria-invalid, aria-describedby). */
import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  readonly id: string;
  readonly label: string;
  readonly registration: UseFormRegisterReturn;
  readonly error?: FieldError | undefined;
  readonly hint?: string;
}

export function TextField({ id, label, registration, error, hint, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="account-hint">
          {hint}
        </p>
      ) : null}
      {error?.message ? (
        <p id={errorId} className="account-error">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
