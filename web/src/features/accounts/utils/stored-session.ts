/** Whether a visitor may be signed in, known without Amplify: the header and Buy Now ask before loading it. */

/**
 * Amplify keeps a signed-in visitor's tokens in localStorage under keys that start with this prefix
 * (`CognitoIdentityServiceProvider.<client id>.<user>.accessToken`, `... .LastAuthUser`; @aws-amplify/auth's
 * AUTH_KEY_PREFIX). Without one there is no session to check.
 */
export const STORED_SESSION_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/** Whether this browser may hold a session (any key of Amplify's), without loading Amplify to ask. */
export function mayHaveStoredSession(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(STORED_SESSION_KEY_PREFIX));
  } catch {
    return true; // storage unreadable here: let Amplify find out
  }
}
