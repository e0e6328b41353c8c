/**
 * The pool's password policy on SignUp, ChangePassword, ConfirmForgotPassword, AdminSetUserPassword and the
 * NEW_PASSWORD_REQUIRED challenge, with Cognito's error (`InvalidPasswordException`, "Password did not conform
 * with policy: ..."): cognito-local does not check passwords at all.
 */
import { incorrectCredentials, type CognitoParts, type Overrides } from './override';
import { CognitoError, InvalidParameterError } from '../../patches/cognito-local';

class InvalidPasswordError extends CognitoError {
  constructor(reason: string) {
    super('InvalidPasswordException', `Password did not conform with policy: ${reason}`);
  }
}

interface PasswordPolicy {
  MinimumLength?: number;
  RequireLowercase?: boolean;
  RequireUppercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
}

/** Cognito's checks, in Cognito's order, with its messages. */
function checkPassword(password: unknown, policy: PasswordPolicy | undefined): void {
  if (typeof password !== 'string') throw new InvalidParameterError('Missing required parameter PASSWORD');
  const p = policy ?? {};
  if (password.length < (p.MinimumLength ?? 8)) throw new InvalidPasswordError('Password not long enough');
  if (p.RequireLowercase && !/[a-z]/.test(password)) throw new InvalidPasswordError('Password must have lowercase characters');
  if (p.RequireUppercase && !/[A-Z]/.test(password)) throw new InvalidPasswordError('Password must have uppercase characters');
  if (p.RequireNumbers && !/[0-9]/.test(password)) throw new InvalidPasswordError('Password must have numeric characters');
  if (p.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password)) {
    throw new InvalidPasswordError('Password must have symbol characters');
  }
}

export function passwordPolicy({ cognito, sessions }: CognitoParts): Overrides {
  const policyOfClient = async (c: Parameters<typeof cognito.getUserPool>[0], clientId: unknown) =>
    (await cognito.getUserPoolForClientId(c, String(clientId))).options.Policies?.PasswordPolicy;
  const policyOfPool = async (c: Parameters<typeof cognito.getUserPool>[0], poolId: unknown) =>
    (await cognito.getUserPool(c, String(poolId))).options.Policies?.PasswordPolicy;

  return {
    async SignUp(c, req, next) {
      checkPassword(req.Password, await policyOfClient(c, req.ClientId));
      return next(req);
    },

    async ChangePassword(_c, req, next) {
      const { pool, user } = await sessions.verifyAccessToken(req.AccessToken);
      checkPassword(req.ProposedPassword, pool.options.Policies?.PasswordPolicy);
      if (user.Password !== req.PreviousPassword) throw incorrectCredentials();
      return next(req);
    },

    async ConfirmForgotPassword(c, req, next) {
      checkPassword(req.Password, await policyOfClient(c, req.ClientId));
      return next(req);
    },

    async AdminSetUserPassword(c, req, next) {
      checkPassword(req.Password, await policyOfPool(c, req.UserPoolId));
      return next(req);
    },

    async RespondToAuthChallenge(c, req, next) {
      if (req.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        checkPassword(req.ChallengeResponses?.NEW_PASSWORD, await policyOfClient(c, req.ClientId));
      }
      return next(req);
    },
  };
}
