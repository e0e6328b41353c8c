/** Whether a visitor may be signed in, known without Amplify: the header and Buy Now ask before loading it. */

/**
 * Our own record, in localStorage, of the keys Amplify's token store holds in this browser (a JSON list, kept by
 * the token storage we hand Amplify: token-storage.ts). Present only while Amplify keeps something there, so the
 * header can tell "no session here" (most visitors) without loading Amplify or knowing how Amplify names its keys.
 */
export const SESSION_KEYS_STORAGE_KEY = 'accountSessionKeys_v1';

/**
 * Whether this browser may hold a session, without loading Amplify to ask.
 *
 * Accepted on purpose: visitors signed in before this record existed have Amplify's tokens but no record, so they
 * see Sign In until they next open /auth (the Sign In link; /profile and the staff console send them there). That
 * page loads Amplify, which finds their session as before; reading it through our storage writes the record
 * (token-storage.ts), and from then on the header shows them signed in. Nothing here reads Amplify's own keys.
 */
export function mayHaveStoredSession(): boolean {
  try {
    return localStorage.getItem(SESSION_KEYS_STORAGE_KEY) !== null;
  } catch {
    return true; // storage unreadable here: let Amplify find out
  }
}
