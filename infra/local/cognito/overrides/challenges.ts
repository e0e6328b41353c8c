/**
 * Sign-in challenges bound to the sign-in that raised them, as Cognito binds them. cognito-local answers a right
 * password of a user with an authenticator app (TOTP) with the SOFTWARE_TOKEN_MFA challenge and a Session, but its
 * RespondToAuthChallenge takes any Session: a code alone (or, for NEW_PASSWORD_REQUIRED, a new password alone) would
 * sign anybody in. Here a Session is good only for the user and challenge it was issued for, for Cognito's 3
 * minutes, and is spent by the answer that signs in. Wrong codes count towards the pool's lockout
 * (shared/deployment/manifest.ts `userPool.lockout`), per user, as wrong passwords do.
 */
import { userPool } from '@shared/deployment/manifest';
import { Lockout } from '../lockout';
import { cognitoError, type CognitoParts, type Overrides } from './override';
import { CognitoError } from '../../patches/cognito-local';

/** Cognito's lifetime of a sign-in session (the Session of a challenge). */
const sessionMs = 3 * 60 * 1000;

interface Pending {
  readonly username: string;
  readonly challenge: string;
  readonly clientId: string;
  readonly expires: number;
}

type ChallengeAnswer = { ChallengeName?: string; Session?: string };

const invalidSession = () => cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');

export function challenges({ cognito }: CognitoParts, lockout: Lockout = new Lockout(userPool.lockout), now: () => number = Date.now): Overrides {
  const pending = new Map<string, Pending>();

  /** Remembers the Session of a challenge answer (and forgets the expired ones). */
  const remember = (answer: unknown, username: string, clientId: string) => {
    const t = now();
    for (const [session, p] of pending) if (p.expires <= t) pending.delete(session);
    const { ChallengeName, Session } = (answer ?? {}) as ChallengeAnswer;
    if (ChallengeName && Session) pending.set(Session, { username, challenge: ChallengeName, clientId, expires: t + sessionMs });
  };

  return {
    async InitiateAuth(c, req, next) {
      const answer = await next(req);
      const { ChallengeName } = (answer ?? {}) as ChallengeAnswer;
      if (ChallengeName) {
        const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
        const user = await pool.getUserByUsername(c, String(req.AuthParameters?.USERNAME));
        if (user) remember(answer, user.Username, String(req.ClientId));
      }
      return answer;
    },

    async RespondToAuthChallenge(c, req, next) {
      const session = String(req.Session ?? '');
      const p = pending.get(session);
      const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
      const user = await pool.getUserByUsername(c, String(req.ChallengeResponses?.USERNAME ?? ''));
      if (!p || p.expires <= now() || p.clientId !== req.ClientId || p.challenge !== req.ChallengeName || !user || user.Username !== p.username) {
        throw invalidSession();
      }
      const key = `mfa code:${p.username}`;
      const codeAnswer = req.ChallengeName === 'SOFTWARE_TOKEN_MFA';
      if (codeAnswer && lockout.isLocked(key)) throw cognitoError('NotAuthorizedException', 'Password attempts exceeded');
      try {
        const answer = await next(req);
        pending.delete(session);
        if (codeAnswer) lockout.succeeded(key);
        // A further challenge continues the same sign-in under the new Session.
        remember(answer, p.username, p.clientId);
        return answer;
      } catch (error) {
        if (codeAnswer && error instanceof CognitoError && error.code === 'CodeMismatchException') lockout.failed(key);
        throw error;
      }
    },
  };
}
