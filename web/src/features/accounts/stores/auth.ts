/**
 * The auth state (spec section 4): `loading` until the first session check answers, then `signedIn` with the
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
}

interface AuthState {
  readonly status: AuthStatus;
  readonly user: AuthUser | null;
  signedIn: (user: AuthUser) => void;
  signedOut: () => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  status: 'loading',
  user: null,
  signedIn: (user) => set({ status: 'signedIn', user }),
  signedOut: () => set({ status: 'signedOut', user: null }),
}));
