/**
 * Refresh as Amplify 6.21+ does it (GetTokensFromRefreshToken, which cognito-local lacks) and as older clients do
 * (InitiateAuth with REFRESH_TOKEN_AUTH): the token is checked first, so a revoked or expired one reads as Cognito's.
 */
import { withTokenFields } from './token-response';
import type { CognitoParts, Overrides } from './override';

const refreshFlows = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);

export function refreshTokens({ base, sessions }: CognitoParts): Overrides {
  return {
    async InitiateAuth(_c, req, next) {
      if (refreshFlows.has(req.AuthFlow ?? '')) await sessions.checkRefreshToken(req.ClientId, req.AuthParameters?.REFRESH_TOKEN);
      return next(req);
    },

    async GetTokensFromRefreshToken(c, req) {
      await sessions.checkRefreshToken(req.ClientId, req.RefreshToken);
      const result = (await base('InitiateAuth')(c, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
        ClientMetadata: req.ClientMetadata,
      })) as { AuthenticationResult?: Record<string, unknown> };
      // Without refresh-token rotation Cognito returns no new refresh token; the client keeps its own.
      return withTokenFields({ AuthenticationResult: result.AuthenticationResult ?? {} });
    },
  };
}
