import type { FieldError } from 'react-hook-form';

/**
 * A react-hook-form field error (from the shared zod schema) as the props an Amplify UI field shows it with:
 * `hasError` sets aria-invalid and the error style, `errorMessage` is rendered under the control and joined to
 * it through aria-describedby.
 */
export function fieldError(error: FieldError | undefined): { hasError: boolean; errorMessage: string | undefined } {
  return { hasError: error !== undefined, errorMessage: error?.message };
}
