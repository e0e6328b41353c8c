/**
 * A form's validation that loads when the form first needs it. The forms validate with the shared zod schemas (the
 * same ones the API's handlers use), and zod with a schema is the largest piece of a form's code to evaluate: on
 * /contact it was a third of the page's blocking time on a slow phone, spent on every visit, also by the visitors who
 * never touch the form. So the form holds a resolver that imports its schema's module (`load`) on the first
 * validation, and `loadOnFocus`, the form's ref, starts that import earlier, at the first focus inside the form (a
 * field, the submit button), so it is there by the time the visitor submits. The forms validate on submit
 * (react-hook-form's default), then on change.
 *
 * If the validation code cannot be loaded (the network dropped), the form sends the values as they are: the API
 * validates them with the same schema and its 400 names the field, which the form shows where it belongs.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<Input extends FieldValues, Output> {
  readonly resolver: Resolver<Input, unknown, Output>;
  /** The form's ref: the first focus inside the form starts loading the validation code. */
  readonly loadOnFocus: (form: HTMLFormElement | null) => (() => void) | undefined;
  /** Starts loading the validation code now (a form that takes focus as it opens loads it ahead). */
  readonly prepare: () => void;
}

export function lazyResolver<Input extends FieldValues, Output>(load: () => Promise<Resolver<Input, unknown, Output>>): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // the next attempt tries again
      throw error;
    }));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let resolve: Resolver<Input, unknown, Output>;
    try {
      resolve = await loaded();
    } catch {
      return { values: values as unknown as Output, errors: {} };
    }
    return resolve(values, context, options);
  };
  const prepare = () => {
    loaded().catch(() => {
      // Tried again at the submit, which falls back to the API's validation.
    });
  };
  return {
    resolver,
    prepare,
    loadOnFocus: (form) => {
      if (!form) return undefined;
      form.addEventListener('focusin', prepare, { once: true });
      return () => form.removeEventListener('focusin', prepare);
    },
  };
}
