/**
 * Cognito's lockout of guessing (../lockout.ts, shared/deployment/manifest.ts `userPool.lockout`) around the targets
 * that take a password or a code from someone who is not signed in: sign-in (InitiateAuth and AdminInitiateAuth
 * with a password), sign-up confirmation and password-reset confirmation. cognito-local counts nothing. Counted per
 * flow and e-mail address, whether an account exists or not, so the answers never tell the two apart; refused with
 * Cognito's own errors. Listed first in server.ts, so it sees the answers as the caller does.
 */
import { userPool } from '@shared/deployment/manifest';
import { Lockout } from '../lockout';
import { cognitoError, type Override, type Overrides } from './override';

const passwordFlows = new Set(['USER_PASSWORD_AUTH', 'ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);
const codeFailures = new Set(['CodeMismatchException', 'ExpiredCodeException']);
const passwordFailures = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A target whose attempts are counted under `key` (undefined: not counted), refused with `locked` while locked. */
function guarded(lockout: Lockout, key: (req: Parameters<Override>[1]) => string | undefined, failures: Set<string>, locked: () => Error): Override {
  return async (_c, req, next) => {
    const k = key(req);
    if (k === undefined) return next(req);
    if (lockout.isLocked(k)) throw locked();
    try {
      const answer = await next(req);
      lockout.succeeded(k);
      return answer;
    } catch (error) {
      const code = codeOf(error);
      if (typeof code === 'string' && failures.has(code)) lockout.failed(k);
      throw error;
    }
  };
}

const user = (name: unknown) => (typeof name === 'string' && name.trim() ? name.trim().toLowerCase() : undefined);

export function lockout(lockoutFor: Lockout = new Lockout(userPool.lockout)): Overrides {
  const passwordLocked = () => cognitoError('NotAuthorizedException', 'Password attempts exceeded');
  const codeLocked = () => cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  const signIn = guarded(
    lockoutFor,
    (req) => (passwordFlows.has(String(req.AuthFlow)) ? prefixed('password', user(req.AuthParameters?.USERNAME)) : undefined),
    passwordFailures,
    passwordLocked,
  );
  return {
    InitiateAuth: signIn,
    AdminInitiateAuth: signIn,
    ConfirmSignUp: guarded(lockoutFor, (req) => prefixed('sign-up code', user(req.Username)), codeFailures, codeLocked),
    ConfirmForgotPassword: guarded(lockoutFor, (req) => prefixed('reset code', user(req.Username)), codeFailures, codeLocked),
  };
}

function prefixed(flow: string, name: string | undefined): string | undefined {
  return name === undefined ? undefined : `${flow}:${name}`;
}
