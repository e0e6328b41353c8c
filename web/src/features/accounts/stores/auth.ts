/**
 * The auth state (spec 000_87e5fbf87b6c3f39.txt §4): `loading` until the first session check answers, then `signedIn` with the
 * user or `signedOut`. This module is tiny and free of Amplify so the header can read it on every page; the
 * Amplify-backed session code (api/session.ts) fills it after first paint.
 */
import { create } from 'zustand';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthUser {
  /** Cognito `sub`: the profile id. */
  readonly sub: string;
  readonly email: string;
  /** The name chosen at sign-up (`preferred_username`). */
  readonly username: string;
  /**
   * The Cognito groups of the access token (`cognito:groups`), e.g. `staff`. Only what the header shows: the API
   * checks the group itself on every staff route.
   */
  readonly groups: readonly string[];
}

interface AuthState {
  readonly status: AuthStatus;
  readonly user: AuthUser | null;
  /**
   * Set while the visitor's own sign-out takes them to Home: screens that need a user (/profile) must not
   * redirect to /auth in the moment between the store saying "signed out" and the navigation to / landing.
   */
  readonly leaving: boolean;
  signedIn: (user: AuthUser) => void;
  signedOut: () => void;
  beginLeaving: () => void;
  endLeaving: () => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  status: 'loading',
  user: null,
  leaving: false,
  signedIn: (user) => set({ status: 'signedIn', user, leaving: false }),
  signedOut: () => set({ status: 'signedOut', user: null }),
  beginLeaving: () => set({ leaving: true }),
  endLeaving: () => set({ leaving: false }),
}));
