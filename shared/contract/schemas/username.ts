/**
 * The username rule, apart from the other account schemas (./auth.ts re-exports it): the Cognito triggers check
 * usernames and nothing else, and a module that builds only this schema is all their cold start pays for.
 */
import { oneLineText } from './fields';

export const USERNAME_MIN_LENGTH = 3;

export const usernameMessages = {
  username: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 50 characters',
} as const;

/** One line of text like every name on the site (shared/contract/schemas/fields.ts), with the spec's length messages. */
export const usernameField = oneLineText('Username', {
  min: USERNAME_MIN_LENGTH,
  max: 50,
  message: usernameMessages.username,
  maxMessage: usernameMessages.usernameTooLong,
});
