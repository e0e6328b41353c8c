/**
 * The product's one username rule (shared/contract/schemas/username.ts `usernameField`, the same the sign-up and
 * profile forms use), for the places that meet a username outside a form: the pre-sign-up trigger, which refuses
 * a sign-up that went around the form, and everything that shows or mails a username already stored (a sign-up
 * from before the trigger, or a `preferred_username` a user set through Cognito's own API), which must treat it
 * as the visitor's text: used only when it passes the rule, never trusted as it is.
 */
import { usernameField } from '@shared/contract/schemas/username';

/** The rule's first message for `value` (the words the form shows), or undefined when the username passes. */
export function usernameProblem(value: unknown): string | undefined {
  const parsed = usernameField.safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Username is not valid.');
}

/** The username as the rule keeps it (trimmed) when it passes; undefined for a missing or refused one. */
export function acceptableUsername(value: unknown): string | undefined {
  const parsed = usernameField.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
