/**
 * A new password and its confirmation (sign-up, change password, reset): the length rule as the password's
 * hint, and autocomplete that lets a password manager offer a new one.
 */
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TextInput } from '../../../components/form/fields';

interface NewPasswordFieldsProps {
  /** Ids are `<idPrefix>-password` and `<idPrefix>-confirm-password`. */
  readonly idPrefix: string;
  readonly labels?: { readonly password: string; readonly confirm: string };
  readonly password: UseFormRegisterReturn;
  readonly confirm: UseFormRegisterReturn;
  readonly errors: { readonly password?: FieldError | undefined; readonly confirmPassword?: FieldError | undefined };
}

const newPasswordLabels = { password: 'New password', confirm: 'Confirm new password' };

export function NewPasswordFields({ idPrefix, labels = newPasswordLabels, password, confirm, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextInput
        id={`${idPrefix}-password`}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        registration={password}
        error={errors.password}
      />
      <TextInput
        id={`${idPrefix}-confirm-password`}
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        registration={confirm}
        error={errors.confirmPassword}
      />
    </>
  );
}
