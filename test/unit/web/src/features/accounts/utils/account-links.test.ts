import { describe, expect, it } from 'vitest';
import { confirmationFromSearch, recoveryFromHash } from '../../../../../../../web/src/features/accounts/utils/account-links';
import {
  MISSING_CREDENTIALS,
  authErrorMessage,
  isAlreadyConfirmedError,
  isBadCodeError,
  signInErrorMessage,
} from '../../../../../../../web/src/features/accounts/utils/auth-errors';

const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('account links', () => {
  it('reads the sign-up confirmation from /auth?action=confirm', () => {
    expect(confirmationFromSearch('?action=confirm&email=ada%2Btest%40example.com&code=123456')).toEqual({
      email: 'ada+test@example.com',
      code: '123456',
    });
    expect(confirmationFromSearch('?email=ada%40example.com&code=123456')).toBeNull();
    expect(confirmationFromSearch('?action=confirm&email=ada%40example.com')).toBeNull();
  });

  it('accepts a reset link only with the recovery marker, e-mail and code', () => {
    expect(recoveryFromHash('#type=recovery&email=ada%40example.com&code=654321')).toEqual({
      email: 'ada@example.com',
      code: '654321',
    });
    expect(recoveryFromHash('')).toBeNull();
    expect(recoveryFromHash('#email=ada%40example.com&code=654321')).toBeNull();
    expect(recoveryFromHash('#type=signup&email=ada%40example.com&code=654321')).toBeNull();
    expect(recoveryFromHash('#type=recovery&email=ada%40example.com')).toBeNull();
  });

  it('refuses a link whose code placeholder was never filled in', () => {
    expect(recoveryFromHash('#type=recovery&email=ada%40example.com&code={####}')).toBeNull();
  });
});

describe('auth error messages', () => {
  it("shows the server's message, else the screen's fallback", () => {
    expect(authErrorMessage(cognitoError('UsernameExistsException', 'An account with the given email already exists.'), 'An error occurred during sign up')).toBe(
      'An account with the given email already exists.',
    );
    expect(authErrorMessage(cognitoError('Unknown', 'An unknown error has occurred.'), 'Error sending reset email')).toBe(
      'Error sending reset email',
    );
    expect(authErrorMessage(new Error(''), 'Error updating password')).toBe('Error updating password');
    expect(authErrorMessage(undefined, 'Error signing out')).toBe('Error signing out');
  });

  it('names the reasons of a weak password as Cognito gives them', () => {
    expect(
      authErrorMessage(
        cognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'),
        'An error occurred during sign up',
      ),
    ).toBe('Password did not conform with policy: Password not long enough');
  });

  it('empty credentials read as the auth service rule', () => {
    expect(authErrorMessage(cognitoError('EmptySignInPassword', 'password is required to signIn'), 'x')).toBe(MISSING_CREDENTIALS);
  });

  it('wrong e-mail or password read the same on sign-in', () => {
    expect(signInErrorMessage(cognitoError('NotAuthorizedException', 'Incorrect username or password.'))).toBe('Invalid login credentials');
    expect(signInErrorMessage(cognitoError('UserNotFoundException', 'User does not exist.'))).toBe('Invalid login credentials');
    expect(signInErrorMessage(cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'))).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
  });

  it('recognises used or expired codes and already confirmed accounts', () => {
    expect(isBadCodeError(cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'))).toBe(true);
    expect(isBadCodeError(cognitoError('CodeMismatchException', 'Invalid verification code provided'))).toBe(true);
    expect(isBadCodeError(cognitoError('NotAuthorizedException', 'x'))).toBe(false);
    expect(isAlreadyConfirmedError(cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'))).toBe(true);
    expect(isAlreadyConfirmedError(cognitoError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(false);
  });
});

describe('redirect after sign-in', () => {
  it('lands on Home unless a path on this site is named', async () => {
    const { redirectAfterSignIn } = await import('../../../../../../../web/src/features/accounts/utils/account-links');
    expect(redirectAfterSignIn('')).toBe('/');
    expect(redirectAfterSignIn('?redirect=%2Fprofile')).toBe('/profile');
    expect(redirectAfterSignIn('?redirect=/marketplace?app=x')).toBe('/marketplace?app=x');
    for (const unsafe of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'profile', '/auth?redirect=/x']) {
      expect(redirectAfterSignIn(`?redirect=${encodeURIComponent(unsafe)}`)).toBe('/');
    }
  });
});
