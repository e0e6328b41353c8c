/**
 * Amplify UI's PasswordField with its show/hide switch, as every account form uses it.
 *
 * The switch is named 'Show' rather than Amplify's default 'Show password': a name containing the word would
 * make the switch a second match for the field's own label ('Password') wherever fields are found by label,
 * as assistive technology lists them; its state is announced by Amplify ('Password is hidden/shown').
 */
import { PasswordField } from '@aws-amplify/ui-react';
import type { ComponentProps } from 'react';

export function PasswordInput(props: ComponentProps<typeof PasswordField>) {
  return <PasswordField showPasswordButtonLabel="Show" {...props} />;
}
