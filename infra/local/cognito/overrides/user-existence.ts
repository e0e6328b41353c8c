/**
 * Answers that do not reveal whether a user exists, as Cognito gives them with PreventUserExistenceErrors
 * enabled: a wrong password and an unknown user read the same, and a reset for an unknown user seems to succeed.
 */
import { incorrectCredentials, simulatedDelivery, type CognitoParts, type Overrides } from './override';
import { CognitoError } from '../../patches/cognito-local';

const isCognitoError = (error: unknown, ...codes: string[]) => error instanceof CognitoError && codes.includes(error.code);

export function userExistence({ cognito }: CognitoParts): Overrides {
  return {
    async InitiateAuth(_c, req, next) {
      try {
        return await next(req);
      } catch (error) {
        if (isCognitoError(error, 'InvalidPasswordException', 'NotAuthorizedException')) throw incorrectCredentials();
        throw error;
      }
    },

    async ForgotPassword(c, req, next) {
      const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
      const user = await pool.getUserByUsername(c, String(req.Username));
      if (!user) return { CodeDeliveryDetails: simulatedDelivery(req.Username) };
      return next(req);
    },

    async ConfirmForgotPassword(_c, req, next) {
      try {
        return await next(req);
      } catch (error) {
        if (isCognitoError(error, 'UserNotFoundException')) {
          throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
        }
        throw error;
      }
    },
  };
}
