/**
 * A new password and its confirmation (sign-up, change password, reset): the length rule as the password's
 * description, and autocomplete that lets a password manager offer a new one.
 */
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@shared/contract/schemas/auth';
import { fieldError } from '../utils/field-error';
import { PasswordInput } from './PasswordInput';

interface NewPasswordFieldsProps {
  /** Ids are `<idPrefix>-password` and `<idPrefix>-confirm-password`. */
  readonly idPrefix: string;
  readonly labels?: { readonly password: string; readonly confirm: string };
  readonly password: UseFormRegisterReturn;
  readonly confirm: UseFormRegisterReturn;
  readonly errors: { readonly password?: FieldError | undefined; readonly confirmPassword?: FieldError | undefined };
  /** The rule the form's schema holds: the spec's 6, or a staff member's longer one. */
  readonly minLength?: number;
}

const newPasswordLabels = { password: 'New password', confirm: 'Confirm new password' };

export function NewPasswordFields({ idPrefix, labels = newPasswordLabels, password, confirm, errors, minLength = PASSWORD_MIN_LENGTH }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        id={`${idPrefix}-password`}
        label={labels.password}
        autoComplete="new-password"
        descriptiveText={`At least ${minLength} characters.`}
        {...password}
        {...fieldError(errors.password)}
      />
      <PasswordInput
        id={`${idPrefix}-confirm-password`}
        label={labels.confirm}
        autoComplete="new-password"
        {...confirm}
        {...fieldError(errors.confirmPassword)}
      />
    </>
  );
}
