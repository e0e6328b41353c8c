/**
 * Sign-up confirmation as Cognito does it: ConfirmSignUp with the mailed code marks the e-mail verified (cognito-local
 * forgets), and ResendConfirmationCode (which cognito-local lacks) mails a new code through the pool's messages.
 */
import { attr } from '../sessions';
import { maskDetails, simulatedDelivery, type CognitoParts, type Overrides } from './override';
import { InvalidParameterError, NotAuthorizedError } from '../../patches/cognito-local';

export function confirmation({ cognito, services }: CognitoParts): Overrides {
  return {
    async ConfirmSignUp(c, req, next) {
      const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
      const user = await pool.getUserByUsername(c, String(req.Username));
      if (user?.UserStatus === 'CONFIRMED') throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
      if (user?.ConfirmationCode && user.ConfirmationCode === req.ConfirmationCode) {
        // Confirming with a mailed code proves the address: Cognito sets email_verified.
        const others = user.Attributes.filter((a) => a.Name !== 'email_verified');
        await pool.saveUser(c, { ...user, Attributes: [...others, { Name: 'email_verified', Value: 'true' }] });
      }
      return next(req);
    },

    async ResendConfirmationCode(c, req) {
      const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
      const user = await pool.getUserByUsername(c, String(req.Username));
      if (!user) return { CodeDeliveryDetails: simulatedDelivery(req.Username) };
      if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const email = attr(user, 'email');
      if (!email) throw new InvalidParameterError('User has no email to send the code to.');
      const details = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email };
      const code = services.otp();
      await services.messages.deliver(c, 'ResendCode', req.ClientId ?? null, pool.options.Id, user, code, req.ClientMetadata, details);
      await pool.saveUser(c, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
      return { CodeDeliveryDetails: maskDetails(details) };
    },
  };
}
