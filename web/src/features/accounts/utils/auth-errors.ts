/**
 * Turning Amplify/Cognito failures into the toast texts of spec 000_87e5fbf87b6c3f39.txt §8: the server's message when it says
 * something useful, otherwise the screen's fallback.
 */

interface NamedError {
  readonly name?: unknown;
  readonly message?: unknown;
}

function nameOf(error: unknown): string {
  const name = (error as NamedError | null)?.name;
  return typeof name === 'string' ? name : '';
}

function messageOf(error: unknown): string {
  const message = (error as NamedError | null)?.message;
  return typeof message === 'string' ? message.trim() : '';
}

/** Amplify's own placeholder texts carry no information for the visitor. */
const uninformative = new Set(['', 'An unknown error has occurred.', 'Unknown error', 'undefined']);

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

/** Amplify's client-side checks for empty credentials (the spec's auth service rule). */
const emptyCredentialErrors = new Set([
  'EmptySignInUsername',
  'EmptySignInPassword',
  'EmptySignUpUsername',
  'EmptySignUpPassword',
]);

/**
 * The message of a username the pre-sign-up trigger refused (lambdas/triggers/pre-sign-up.ts): Cognito wraps it
 * as "PreSignUp failed with error <message>."; the message is the profile rule's own, for the Username field.
 */
export function refusedUsernameMessage(error: unknown): string | undefined {
  if (nameOf(error) !== 'UserLambdaValidationException') return undefined;
  return /^PreSignUp failed with error (.+?)\.?$/s.exec(messageOf(error))?.[1]?.trim() || undefined;
}

export function authErrorMessage(error: unknown, fallback: string): string {
  if (emptyCredentialErrors.has(nameOf(error))) return MISSING_CREDENTIALS;
  const refusedUsername = refusedUsernameMessage(error);
  if (refusedUsername) return refusedUsername;
  if (nameOf(error) === 'Unknown') return fallback;
  const message = messageOf(error);
  return uninformative.has(message) ? fallback : message;
}

/**
 * Sign-in failures that mean "wrong e-mail or password" all read the same, so the form does not reveal which
 * accounts exist (deployed Cognito answers NotAuthorized for both; the local stand-in names them apart).
 */
const credentialErrors = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

export function signInErrorMessage(error: unknown): string {
  if (credentialErrors.has(nameOf(error))) return 'Invalid login credentials';
  return authErrorMessage(error, 'Invalid login credentials');
}

/** A confirmation or reset code that is wrong, used up or expired. */
export function isBadCodeError(error: unknown): boolean {
  return ['CodeMismatchException', 'ExpiredCodeException'].includes(nameOf(error));
}

/** Cognito answers this when the account was confirmed already (a verification link opened twice). */
export function isAlreadyConfirmedError(error: unknown): boolean {
  return nameOf(error) === 'NotAuthorizedException' && /CONFIRMED/i.test(messageOf(error));
}

export function isUserNotFoundError(error: unknown): boolean {
  return nameOf(error) === 'UserNotFoundException';
}

/**
 * A refused authenticator code: a wrong or stale code can be tried again; an expired sign-in (Cognito's 3 minutes)
 * or too many wrong codes start the sign-in again.
 */
export function authenticatorCodeErrorMessage(error: unknown): { message: string; restart: boolean } {
  const name = nameOf(error);
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') {
    return { message: 'That code is not right. Enter the code your authenticator app shows now.', restart: false };
  }
  if (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') {
    return { message: 'This sign-in has expired or was stopped. Please sign in again.', restart: true };
  }
  return { message: authErrorMessage(error, 'We could not check the code. Please try again.'), restart: false };
}
