/** Binds the controls of ./fields.tsx to a react-hook-form form. */
import { get, type FieldError, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';

/** The two props every control of ./fields.tsx takes from react-hook-form, `registration` and `error`, for one field by its name. */
export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => ({ registration: register(name), error: get(errors, name) as FieldError | undefined });
}
