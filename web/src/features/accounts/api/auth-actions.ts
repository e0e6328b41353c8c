/**
 * What the account screens ask of Cognito (through Amplify v6); the profile API's calls are ./get-profile.ts and
 * ./update-profile.ts. Screens import this module; it is part of the lazily loaded accounts chunk. Failures are
 * thrown as they come (Amplify's AuthError with Cognito's exception name and message); the screens turn them into
 * the spec's toasts.
 */
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import type { RuntimeConfig } from '@shared/contract/runtime-config';
import { useAuthStore } from '../stores/auth';
import { isUserNotFoundError } from '../utils/auth-errors';
import { authReady as ready, refreshUser } from './session';

/** `secondFactor`: the password was right and Cognito asks for the authenticator app's code (./second-factor.ts). */
export type SignInOutcome = 'signedIn' | 'unconfirmed' | 'secondFactor';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const config = await ready();
  const attempt = () => signIn({ username: email, password, options: { authFlowType: config.auth.authFlowType } });
  let result;
  try {
    result = await attempt();
  } catch (error) {
    // A stale session in this browser (e.g. another account) blocks a new sign-in; end it and try once more.
    if ((error as Error).name !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    result = await attempt();
  }
  if (result.isSignedIn) {
    await refreshUser();
    return 'signedIn';
  }
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'unconfirmed';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'secondFactor';
  throw Object.assign(new Error('This account needs a sign-in step the site does not offer. Please contact us.'), {
    name: 'UnsupportedSignInStep',
  });
}

/** Creates the account (e-mail as the sign-in name, the chosen username in preferred_username). */
export async function signUpAccount(input: { username: string; email: string; password: string }): Promise<void> {
  await ready();
  await signUp({
    username: input.email,
    password: input.password,
    options: { userAttributes: { email: input.email, preferred_username: input.username } },
  });
}

/** Called when the verification link is opened. */
export async function confirmAccount(email: string, code: string): Promise<void> {
  await ready();
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendConfirmation(email: string): Promise<void> {
  await ready();
  await resendSignUpCode({ username: email });
}

/**
 * Sends the reset mail. An unknown address is answered like a known one, so the form does not tell strangers
 * which addresses have accounts (deployed Cognito does the same with preventUserExistenceErrors).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await ready();
  try {
    await resetPassword({ username: email });
  } catch (error) {
    if (!isUserNotFoundError(error)) throw error;
  }
}

export async function completePasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await ready();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await ready();
  await updatePassword({ oldPassword: currentPassword, newPassword });
}

/** Cognito's GlobalSignOut over its JSON API, so a failure can be reported (Amplify swallows it). */
async function globalSignOut(config: RuntimeConfig, accessToken: string): Promise<void> {
  const endpoint = config.auth.userPoolEndpoint ?? `https://cognito-idp.${config.auth.region}.amazonaws.com/`;
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
      },
      body: JSON.stringify({ AccessToken: accessToken }),
    });
  } catch {
    throw Object.assign(new Error('Could not reach the sign-in service. Check your connection and try again.'), {
      name: 'NetworkError',
    });
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
  const name = (body.__type ?? '').split('#').pop() ?? '';
  // An access token that is already revoked or expired has no sessions left to end.
  if (name === 'NotAuthorizedException') return;
  throw Object.assign(new Error(body.message ?? ''), { name: name || 'SignOutFailed' });
}

/**
 * Global sign-out: every session of the user ends (their refresh tokens stop working), then `leave` runs (the
 * screens go to /), then this browser's tokens are cleared and the store says signed out. The store's `leaving`
 * flag keeps /profile from redirecting to /auth while the navigation to / is still landing. If the global part
 * fails, the visitor stays signed in and the error is thrown.
 */
export async function signOutEverywhere(leave: () => unknown = () => undefined): Promise<void> {
  const config = await ready();
  const session = await fetchAuthSession();
  const token = session.tokens?.accessToken?.toString();
  if (token) await globalSignOut(config, token);
  useAuthStore.getState().beginLeaving();
  await leave();
  await signOut();
  useAuthStore.getState().signedOut();
}
