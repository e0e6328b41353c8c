/**
 * cognito-local's internals the local Cognito relies on: "in-process with its gaps filled". Its public entry starts
 * a server we cannot extend, so the local stack composes the server from cognito-local's own services (as its
 * lib/server/defaults.js does) and wraps its targets with gap-fillers (infra/local/cognito/overrides) where Amplify v6
 * and our Lambdas meet what it lacks: refresh through GetTokensFromRefreshToken, GlobalSignOut,
 * ResendConfirmationCode, password policies, verified access tokens, masked destinations, Cognito's errors, and
 * sign-in challenges (the authenticator app's code) bound to the sign-in that raised them. Its own TOTP (5.3.0:
 * AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference, the SOFTWARE_TOKEN_MFA challenge, GetUser's MFA
 * settings) is used as it is.
 *
 * Every value taken from cognito-local's modules is taken here, checked as it is loaded (an upgrade that moves
 * one fails with this patch's name and the version), and handed on under the same name; its types likewise.
 * infra/local/cognito imports cognito-local only through this file.
 */
import type { Jwks } from 'aws-jwt-verify/jwk';
import type * as Errors from 'cognito-local/lib/errors.js';
import type * as RouterModule from 'cognito-local/lib/server/Router.js';
import type * as ServerModule from 'cognito-local/lib/server/server.js';
import type * as CognitoServiceModule from 'cognito-local/lib/services/cognitoService.js';
import type * as StormDbModule from 'cognito-local/lib/services/dataStore/stormDb.js';
import type * as ServicesModule from 'cognito-local/lib/services/index.js';
import type * as MessageDeliveryModule from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type * as OtpModule from 'cognito-local/lib/services/otp.js';
import type * as TokenGeneratorModule from 'cognito-local/lib/services/tokenGenerator.js';
import type * as UserPoolServiceModule from 'cognito-local/lib/services/userPoolService.js';
import { internalModule, reached, requireFrom, type Patch } from './patch';

export type { Config } from 'cognito-local/lib/server/config.js';
export type { Route } from 'cognito-local/lib/server/Router.js';
export type { CognitoService } from 'cognito-local/lib/services/cognitoService.js';
export type { Context as CognitoContext } from 'cognito-local/lib/services/context.js';
export type { CryptoService } from 'cognito-local/lib/services/crypto.js';
export type { Services } from 'cognito-local/lib/services/index.js';
export type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
export type { Message } from 'cognito-local/lib/services/messages.js';
export type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService.js';

export const cognitoLocalPatch: Patch = {
  name: 'in-process with its gaps filled',
  packageName: 'cognito-local',
  writtenFor: '5.3.0',
  file: 'infra/local/patches/cognito-local.ts',
};

/** An export of one of cognito-local's modules, checked to be a function (or class). */
function take<M, K extends keyof M & string>(path: string, name: K): M[K] {
  return reached<M[K]>(cognitoLocalPatch, `${path} ${name}`, internalModule(cognitoLocalPatch, path)[name], 'function');
}

export const createServer = take<typeof ServerModule, 'createServer'>('lib/server/server.js', 'createServer');
export const Router = take<typeof RouterModule, 'Router'>('lib/server/Router.js', 'Router');
export const DateClock = take<typeof ServicesModule, 'DateClock'>('lib/services/index.js', 'DateClock');
export const MessagesService = take<typeof ServicesModule, 'MessagesService'>('lib/services/index.js', 'MessagesService');
export const TriggersService = take<typeof ServicesModule, 'TriggersService'>('lib/services/index.js', 'TriggersService');
export const LambdaService = take<typeof ServicesModule, 'LambdaService'>('lib/services/index.js', 'LambdaService');
export type LambdaService = InstanceType<typeof LambdaService>;
export const CognitoServiceFactoryImpl = take<typeof CognitoServiceModule, 'CognitoServiceFactoryImpl'>('lib/services/cognitoService.js', 'CognitoServiceFactoryImpl');
export const UserPoolServiceFactoryImpl = take<typeof UserPoolServiceModule, 'UserPoolServiceFactoryImpl'>('lib/services/userPoolService.js', 'UserPoolServiceFactoryImpl');
export const StormDBDataStoreFactory = take<typeof StormDbModule, 'StormDBDataStoreFactory'>('lib/services/dataStore/stormDb.js', 'StormDBDataStoreFactory');
export const MessageDeliveryService = take<typeof MessageDeliveryModule, 'MessageDeliveryService'>('lib/services/messageDelivery/messageDelivery.js', 'MessageDeliveryService');
export const otp = take<typeof OtpModule, 'otp'>('lib/services/otp.js', 'otp');
export const JwtTokenGenerator = take<typeof TokenGeneratorModule, 'JwtTokenGenerator'>('lib/services/tokenGenerator.js', 'JwtTokenGenerator');

export const CognitoError = take<typeof Errors, 'CognitoError'>('lib/errors.js', 'CognitoError');
export const InvalidParameterError = take<typeof Errors, 'InvalidParameterError'>('lib/errors.js', 'InvalidParameterError');
export const NotAuthorizedError = take<typeof Errors, 'NotAuthorizedError'>('lib/errors.js', 'NotAuthorizedError');
export const UserNotFoundError = take<typeof Errors, 'UserNotFoundError'>('lib/errors.js', 'UserNotFoundError');

/** cognito-local's own logger (pino, resolved from its folder, whatever npm hoisted), as its server expects it. */
export const pino = reached<(options: { level: string }) => Parameters<typeof createServer>[1]>(
  cognitoLocalPatch,
  'its pino dependency',
  requireFrom(cognitoLocalPatch)('pino'),
  'function',
);

/** The key pair cognito-local signs every token with: the public half is what a pool's JWKS serves. */
export const signingKeys = {
  publicJwk: internalModule(cognitoLocalPatch, 'lib/keys/cognitoLocal.public.json').jwk as Jwks['keys'][number],
  privatePem: internalModule(cognitoLocalPatch, 'lib/keys/cognitoLocal.private.json').pem as string,
};
