/**
 * A gap-filler wraps one or more of cognito-local's targets: it gets the request and `next` (the following
 * gap-filler for that target, in the order server.ts lists them, and at the end cognito-local's own route).
 */
import type { Sessions } from '../sessions';
import { CognitoError, NotAuthorizedError, type CognitoService, type CognitoContext, type Route, type Services } from '../../patches/cognito-local';

/** The request fields the gap-fillers read (Cognito's names); anything else passes through untouched. */
interface CognitoRequest {
  ClientId?: string;
  UserPoolId?: string;
  Username?: string;
  Password?: string;
  PreviousPassword?: string;
  ProposedPassword?: string;
  ConfirmationCode?: string;
  AccessToken?: string;
  RefreshToken?: string;
  AuthFlow?: string;
  AuthParameters?: Record<string, string>;
  ChallengeName?: string;
  Session?: string;
  ChallengeResponses?: Record<string, string>;
  ClientMetadata?: Record<string, string>;
}

export type Override = (c: CognitoContext, req: CognitoRequest, next: (req: CognitoRequest) => Promise<unknown>) => Promise<unknown>;

/** Gap-fillers by target (`SignUp`, `InitiateAuth`, ...). */
export type Overrides = Partial<Record<string, Override>>;

/** What a gap-filler may use: cognito-local's services, its unmodified routes, and the sessions. */
export interface CognitoParts {
  cognito: CognitoService;
  services: Services;
  /** cognito-local's own route for a target, without any gap-filler. */
  base: (target: string) => Route;
  sessions: Sessions;
}

/**
 * The route for a target with its gap-fillers around cognito-local's own. Every call that carries an access
 * token (GetUser, DeleteUser, VerifyUserAttribute, ...) is checked first: cognito-local itself only decodes
 * tokens, so a forged or `alg: none` token would pass.
 */
export function routeWithOverrides(parts: CognitoParts, layers: readonly Overrides[], target: string): Route {
  const route = parts.base(target);
  const chain = layers.flatMap((layer) => layer[target] ?? []);
  const run = (i: number, c: CognitoContext, req: CognitoRequest): Promise<unknown> => {
    const override = chain[i];
    return override ? override(c, req, (next) => run(i + 1, c, next)) : route(c, req);
  };
  return async (c, req) => {
    const request = (req ?? {}) as CognitoRequest;
    if ('AccessToken' in request) await parts.sessions.verifyAccessToken(request.AccessToken);
    return run(0, c, request);
  };
}

export const incorrectCredentials = () => new NotAuthorizedError('Incorrect username or password.');

/** An error cognito-local's server answers as Cognito would: HTTP 400 with the exception's name and message. */
export const cognitoError = (code: string, message: string): Error => new CognitoError(code, message);

/** Cognito shows where a code went without revealing the address: `j***@e***`. */
function maskDestination(destination: string): string {
  const [local = '', domain = ''] = destination.split('@');
  return domain ? `${local.slice(0, 1)}***@${domain.slice(0, 1)}***` : `${destination.slice(0, 1)}***`;
}

export function maskDetails<T>(details: T): T {
  if (!details || typeof details !== 'object') return details;
  const d = details as { Destination?: string };
  return (d.Destination ? { ...d, Destination: maskDestination(d.Destination) } : d) as T;
}

/** What an unknown user is told a code was sent to, so that the answer does not reveal whether they exist. */
export const simulatedDelivery = (username: unknown) => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: maskDestination(String(username)),
});
