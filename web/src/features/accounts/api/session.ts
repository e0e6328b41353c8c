/**
 * The Amplify-backed session, loaded lazily (never on the Home page's critical path): configures Amplify from
 * /config.json, checks the stored session at start, follows Amplify's Hub events, keeps tokens fresh and
 * hands the API layer its access token. Everything else in the feature reads the zustand store.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, fetchUserAttributes, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger, defaultStorage, Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '@shared/contract/runtime-config';
import { setAccessTokenProvider } from '../../../lib/api';
import { loadConfig } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { useAuthStore, type AuthUser } from '../stores/auth';
import { recordedTokenStorage } from '../utils/token-storage';

/** spec 000_87e5fbf87b6c3f39.txt §9: the refresh check runs every 30 s; a failed refresh is retried after 200 ms, doubling. */
export const REFRESH_CHECK_MS = 30_000;
export const REFRESH_RETRY_START_MS = 200;
export const REFRESH_ATTEMPTS = 4;
/** Refresh when the access token has less than this left, so API calls never carry an expired token. */
export const REFRESH_MARGIN_MS = 2 * 60_000;

let configured: Promise<RuntimeConfig> | undefined;
let started: Promise<void> | undefined;

/** Configures Amplify once, from the runtime config (pool ids, local endpoint, sign-in flow). */
export function configureAuth(): Promise<RuntimeConfig> {
  configured ??= loadConfig()
    .then((config) => {
      // Only the local stack sets an endpoint (its Cognito stand-in), on purpose; Amplify warns about any custom
      // endpoint in the console of every page. Quiet for this call only: other warnings still show.
      const logLevel = ConsoleLogger.LOG_LEVEL;
      if (config.auth.userPoolEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
      try {
        Amplify.configure({
          Auth: {
            Cognito: {
              userPoolId: config.auth.userPoolId,
              userPoolClientId: config.auth.userPoolClientId,
              ...(config.auth.userPoolEndpoint ? { userPoolEndpoint: config.auth.userPoolEndpoint } : {}),
              loginWith: { email: true },
            },
          },
        });
        // After configure, which hands the token provider its default storage: ours wraps that one (token-storage.ts).
        cognitoUserPoolsTokenProvider.setKeyValueStorage(recordedTokenStorage(defaultStorage));
      } finally {
        ConsoleLogger.LOG_LEVEL = logLevel;
      }
      return config;
    })
    .catch((error: unknown) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

function claim(payload: Record<string, unknown> | undefined, name: string): string {
  const value = payload?.[name];
  return typeof value === 'string' ? value : '';
}

function groupsClaim(payload: Record<string, unknown> | undefined): string[] {
  const value = payload?.['cognito:groups'];
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
}

/**
 * Re-reads the signed-in user into the store: tokens decide signed in or out; the attributes (e-mail, the
 * username in preferred_username) come from Cognito, with the ID token's claims as a fallback when offline.
 */
export async function refreshUser(): Promise<AuthUser | null> {
  const store = useAuthStore.getState();
  let session;
  try {
    session = await fetchAuthSession();
  } catch {
    store.signedOut();
    return null;
  }
  const idPayload = session.tokens?.idToken?.payload as Record<string, unknown> | undefined;
  const accessPayload = session.tokens?.accessToken?.payload as Record<string, unknown> | undefined;
  if (!accessPayload) {
    store.signedOut();
    return null;
  }
  let user: AuthUser = {
    sub: claim(accessPayload, 'sub'),
    email: claim(idPayload, 'email'),
    username: claim(idPayload, 'preferred_username'),
    groups: groupsClaim(accessPayload),
  };
  try {
    const attributes = await fetchUserAttributes();
    user = {
      sub: attributes.sub ?? user.sub,
      email: attributes.email ?? user.email,
      username: attributes.preferred_username ?? user.username,
      groups: user.groups,
    };
  } catch {
    // Keep the token's claims; the next check fills in the rest.
  }
  useAuthStore.getState().signedIn(user);
  return user;
}

/** Updates the user in the store without a round trip (after a username change). */
export function patchUser(patch: Partial<AuthUser>): void {
  const { user, signedIn } = useAuthStore.getState();
  if (user) signedIn({ ...user, ...patch });
}

let ending = false;

/** A session that cannot be refreshed any more ends cleanly: local tokens cleared, store signed out, a toast. */
async function endExpiredSession(): Promise<void> {
  if (ending) return;
  ending = true;
  const wasSignedIn = useAuthStore.getState().status === 'signedIn';
  try {
    await signOut();
  } catch {
    // Local sign-out only clears storage; nothing to tell the visitor beyond the toast below.
  }
  useAuthStore.getState().signedOut();
  if (wasSignedIn) {
    toast({ title: 'Your session has expired', description: 'Please sign in again.', variant: 'destructive' });
  }
  ending = false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let refreshing: Promise<void> | undefined;

/** Forces a token refresh, retrying transient failures (200 ms, doubling); gives up by ending the session. */
export function refreshTokens(): Promise<void> {
  refreshing ??= (async () => {
    for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt++) {
      try {
        const session = await fetchAuthSession({ forceRefresh: true });
        // Amplify clears the tokens itself when Cognito refuses the refresh token (revoked, expired).
        if (!session.tokens?.accessToken) await endExpiredSession();
        return;
      } catch {
        if (attempt < REFRESH_ATTEMPTS - 1) await sleep(REFRESH_RETRY_START_MS * 2 ** attempt);
      }
    }
    await endExpiredSession();
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** The 30-second check: refresh ahead of expiry; notice a sign-out made in another tab. */
async function checkSession(): Promise<void> {
  if (useAuthStore.getState().status !== 'signedIn' || refreshing) return;
  let session;
  try {
    session = await fetchAuthSession();
  } catch {
    await refreshTokens();
    return;
  }
  const exp = session.tokens?.accessToken?.payload.exp;
  if (!session.tokens?.accessToken || typeof exp !== 'number') {
    useAuthStore.getState().signedOut();
    return;
  }
  if (exp * 1000 - Date.now() < REFRESH_MARGIN_MS) await refreshTokens();
}

async function start(): Promise<void> {
  try {
    await configureAuth();
  } catch {
    // Without the runtime config nobody can sign in; show the signed-out header rather than "loading".
    useAuthStore.getState().signedOut();
    return;
  }
  setAccessTokenProvider(async () => {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken?.toString();
  });
  Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
        void refreshUser();
        break;
      case 'signedOut':
        useAuthStore.getState().signedOut();
        break;
      case 'tokenRefresh_failure':
        // Transient failures are retried; a refused refresh token ends the session (inside refreshTokens).
        void refreshTokens();
        break;
      default:
        break;
    }
  });
  await refreshUser();
  setInterval(() => void checkSession(), REFRESH_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkSession();
  });
}

/** Idempotent: the header starts it when idle, account pages start it at once. */
export function startSession(): Promise<void> {
  started ??= start();
  return started;
}

/** The session started and Amplify configured: what every call to Cognito or a signed-in API route waits for. */
export async function authReady(): Promise<RuntimeConfig> {
  await startSession();
  return configureAuth();
}
