/**
 * The account forms' rules (spec section 5), word for word. The web forms validate with these schemas; the
 * server validates the profile update with the same ones (see profile.ts), so a visitor sees one set of texts.
 */
import * as z from './zod';
import { sharedMessages } from './messages';
import { oneLineText } from './fields';

export const PASSWORD_MIN_LENGTH = 6;
export const USERNAME_MIN_LENGTH = 3;

export const authMessages = {
  email: sharedMessages.email,
  password: 'Password must be at least 6 characters',
  confirmPassword: 'Confirm password must be at least 6 characters',
  passwordsDontMatch: "Passwords don't match",
  username: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 50 characters',
  currentPassword: 'Please enter your current password',
} as const;

/** E-mail addresses are compared case-insensitively by Cognito's sign-in; trimming spares a pasted space. */
export const emailField = z.pipe(z.string().check(z.trim()), z.email(authMessages.email));
export const passwordField = z.string().check(z.minLength(PASSWORD_MIN_LENGTH, authMessages.password));
export const confirmPasswordField = z.string().check(z.minLength(PASSWORD_MIN_LENGTH, authMessages.confirmPassword));
/** One line of text like every name on the site (shared/contract/schemas/fields.ts), with the spec's length messages. */
export const usernameField = oneLineText('Username', {
  min: USERNAME_MIN_LENGTH,
  max: 50,
  message: authMessages.username,
  maxMessage: authMessages.usernameTooLong,
});

/** The match rule, reported on confirmPassword (where the visitor has to fix it). */
function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.core.$RefinementCtx): void {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: authMessages.passwordsDontMatch, path: ['confirmPassword'] });
  }
}

export const signInSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .check(z.superRefine(passwordsMatch));
export type SignUpInput = z.infer<typeof signUpSchema>;

export const resetRequestSchema = z.object({
  email: emailField,
});
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** /update-password: the new password twice (the e-mail and code come from the link). */
export const passwordResetSchema = z
  .object({
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .check(z.superRefine(passwordsMatch));
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** /profile: Cognito's ChangePassword needs the current password as well. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, authMessages.currentPassword)),
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .check(z.superRefine(passwordsMatch));
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
