/** Token answers carry `ExpiresIn` (the pool's access-token lifetime) and `TokenType`, as Cognito's do. */
import { userPool } from '@shared/deployment/manifest';
import type { Overrides } from './override';

type TokenAnswer = { AuthenticationResult?: Record<string, unknown> };

const expiresIn = userPool.accessTokenMinutes * 60;

export function withTokenFields(result: TokenAnswer): TokenAnswer {
  if (result.AuthenticationResult) {
    result.AuthenticationResult = { ...result.AuthenticationResult, ExpiresIn: expiresIn, TokenType: 'Bearer' };
  }
  return result;
}

export function tokenResponse(): Overrides {
  return {
    InitiateAuth: async (_c, req, next) => withTokenFields((await next(req)) as TokenAnswer),
    RespondToAuthChallenge: async (_c, req, next) => withTokenFields((await next(req)) as TokenAnswer),
  };
}
