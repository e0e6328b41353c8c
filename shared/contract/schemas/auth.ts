/**
 * The account forms' rules (spec 000_87e5fbf87b6c3f39.txt §5), word for word. The web forms validate with these schemas; the
 * server validates the profile update with the same ones (see profile.ts), so a visitor sees one set of texts.
 */
import * as z from './zod';
import { sharedMessages } from './messages';
import { USERNAME_MIN_LENGTH, usernameField, usernameMessages } from './username';

export { USERNAME_MIN_LENGTH, usernameField };
export const PASSWORD_MIN_LENGTH = 6;
/**
 * Staff passwords are longer than the spec's 6 for visitors. Cognito has one password policy per pool (the spec's),
 * so this rule lives in our tools and forms only: `npm run staff:add`, the console's password change for a member
 * of the staff group, and the operator's steps in docs/staff.md (docs/security.md says what it cannot cover).
 */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export const authMessages = {
  email: sharedMessages.email,
  password: 'Password must be at least 6 characters',
  confirmPassword: 'Confirm password must be at least 6 characters',
  passwordsDontMatch: "Passwords don't match",
  ...usernameMessages,
  currentPassword: 'Please enter your current password',
  staffPassword: `Staff passwords must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
  authenticatorCode: 'Enter the 6-digit code from your authenticator app',
} as const;

/** E-mail addresses are compared case-insensitively by Cognito's sign-in; trimming spares a pasted space. */
export const emailField = z.pipe(z.string().check(z.trim()), z.email(authMessages.email));
export const passwordField = z.string().check(z.minLength(PASSWORD_MIN_LENGTH, authMessages.password));
export const confirmPasswordField = z.string().check(z.minLength(PASSWORD_MIN_LENGTH, authMessages.confirmPassword));

/** The match rule, reported on confirmPassword (where the visitor has to fix it). */
function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.core.$RefinementCtx): void {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: authMessages.passwordsDontMatch, path: ['confirmPassword'] });
  }
}

/** A form that sets a password: the given fields, then the new password twice, which must match. */
function settingPassword<Shape extends z.core.$ZodLooseShape>(shape: Shape, password: typeof passwordField = passwordField) {
  return z
    .object({ ...shape, password, confirmPassword: confirmPasswordField })
    .check(z.superRefine((value, ctx) => passwordsMatch(value as { password: string; confirmPassword: string }, ctx)));
}

export const signInSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = settingPassword({ username: usernameField, email: emailField });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const resetRequestSchema = z.object({
  email: emailField,
});
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** /update-password: the new password twice (the e-mail and code come from the link). */
export const passwordResetSchema = settingPassword({});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** /profile: Cognito's ChangePassword needs the current password as well. */
export const passwordChangeSchema = settingPassword({
  currentPassword: z.string().check(z.minLength(1, authMessages.currentPassword)),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The authenticator app's code: at sign-in when Cognito asks for it, and to finish setting the app up. */
export const authenticatorCodeSchema = z.object({
  code: z.pipe(z.string().check(z.trim()), z.string().check(z.regex(/^\d{6}$/, authMessages.authenticatorCode))),
});
export type AuthenticatorCodeInput = z.infer<typeof authenticatorCodeSchema>;

/** /profile for a member of the staff group: the same form, the new password at least STAFF_PASSWORD_MIN_LENGTH. */
export const staffPasswordChangeSchema = settingPassword(
  { currentPassword: z.string().check(z.minLength(1, authMessages.currentPassword)) },
  z.string().check(z.minLength(STAFF_PASSWORD_MIN_LENGTH, authMessages.staffPassword)),
);
