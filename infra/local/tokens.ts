/**
 * Access-token checks shared by the local API's JWT authorizer and the Cognito gap-filler: the RS256 signature
 * against the local pool's JWKS, the issuer (so another pool's tokens fail), expiry, `token_use` = access and,
 * for the API, the app client and the route's scope, as the deployed HTTP API JWT authorizer and its routes'
 * authorization scopes check them.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { JwtExpiredError } from 'aws-jwt-verify/error';

export type Claims = JwtPayload;

export class TokenRejectedError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
    this.name = 'TokenRejectedError';
  }
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<Claims>;
}

export function accessTokenVerifier(opts: { issuer: string; jwks: Jwks; jwksUri: string; clientId?: string; scope?: string }): AccessTokenVerifier {
  const verifier = JwtRsaVerifier.create({
    issuer: opts.issuer,
    jwksUri: opts.jwksUri,
    // Access tokens carry no `aud`; API Gateway checks `client_id` against the authorizer's audience instead.
    audience: null,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (opts.clientId !== undefined && payload.client_id !== opts.clientId) throw new Error('token of another app client');
      if (opts.scope !== undefined && !String(payload.scope ?? '').split(' ').includes(opts.scope)) throw new Error('token without the route scope');
    },
  });
  verifier.cacheJwks(opts.jwks);
  return {
    async verify(token: string): Promise<Claims> {
      try {
        return await verifier.verify(token);
      } catch (error) {
        if (error instanceof JwtExpiredError) throw new TokenRejectedError('the token has expired', true);
        throw new TokenRejectedError(error instanceof Error ? error.message : 'invalid token');
      }
    },
  };
}
