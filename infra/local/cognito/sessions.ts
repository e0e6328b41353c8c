/**
 * Sessions as Cognito keeps them: access tokens are verified (signature, issuer, expiry, revocation) before any
 * call that carries one (cognito-local itself only decodes them), refresh tokens are checked before
 * cognito-local looks them up, and a global sign-out drops the user's refresh tokens and refuses their older
 * access tokens. Sign-outs are remembered in the state folder (sub -> epoch seconds), so they survive a restart.
 */
import type { Jwks } from 'aws-jwt-verify/jwk';
import { readJson, writeJson } from '../state';
import { accessTokenVerifier, TokenRejectedError, type AccessTokenVerifier } from '../tokens';
import { InvalidParameterError, NotAuthorizedError, type CognitoService, type CognitoContext, type User, type UserPoolService } from '../patches/cognito-local';

function decodePayload(token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export function attr(user: User, name: string): string | undefined {
  return user.Attributes.find((a) => a.Name === name)?.Value;
}

export class Sessions {
  private readonly signOuts: Record<string, number>;
  private readonly verifiers = new Map<string, AccessTokenVerifier>();

  constructor(
    private readonly opts: {
      cognito: CognitoService;
      ctx: CognitoContext;
      signOutsFile: string;
      /** `iss` = issuerDomain/poolId. */
      issuerDomain: string;
      url: string;
      jwks: Jwks;
    },
  ) {
    this.signOuts = readJson<Record<string, number>>(opts.signOutsFile, {});
  }

  private verifierFor(poolId: string): AccessTokenVerifier {
    let v = this.verifiers.get(poolId);
    if (!v) {
      const { issuerDomain, url, jwks } = this.opts;
      v = accessTokenVerifier({ issuer: `${issuerDomain}/${poolId}`, jwks, jwksUri: `${url}/${poolId}/.well-known/jwks.json` });
      this.verifiers.set(poolId, v);
    }
    return v;
  }

  /** The pool an access token was issued for, once its signature, issuer, expiry and revocation check out. */
  async verifyAccessToken(token: unknown): Promise<{ pool: UserPoolService; user: User }> {
    const { cognito, ctx } = this.opts;
    const claims = decodePayload(token);
    const clientId = typeof claims?.client_id === 'string' ? claims.client_id : undefined;
    const client = clientId ? await cognito.getAppClient(ctx, clientId) : null;
    if (!client || typeof token !== 'string') throw new NotAuthorizedError('Invalid Access Token');
    try {
      await this.verifierFor(client.UserPoolId).verify(token);
    } catch (error) {
      if (error instanceof TokenRejectedError && error.expired) throw new NotAuthorizedError('Access Token has expired');
      throw new NotAuthorizedError('Invalid Access Token');
    }
    const pool = await cognito.getUserPool(ctx, client.UserPoolId);
    const user = await pool.getUserByUsername(ctx, String(claims?.sub));
    if (!user) throw new NotAuthorizedError('User does not exist.');
    const signedOutAt = this.signOuts[String(claims?.sub)];
    // Tokens issued in the very second of the sign-out stay valid: a sign-in right after it must work.
    if (signedOutAt !== undefined && Number(claims?.iat) < signedOutAt) throw new NotAuthorizedError('Access Token has been revoked');
    return { pool, user };
  }

  async signOutEverywhere(pool: UserPoolService, user: User): Promise<void> {
    await pool.saveUser(this.opts.ctx, { ...user, RefreshTokens: [] });
    const sub = attr(user, 'sub');
    if (sub) {
      this.signOuts[sub] = Math.floor(Date.now() / 1000);
      writeJson(this.opts.signOutsFile, this.signOuts);
    }
  }

  /** Checks a refresh token the way Cognito does before cognito-local looks it up in the user's list. */
  async checkRefreshToken(clientId: unknown, token: unknown): Promise<void> {
    const { cognito, ctx } = this.opts;
    if (typeof token !== 'string' || !token) throw new InvalidParameterError('Missing required parameter REFRESH_TOKEN');
    const pool = await cognito.getUserPoolForClientId(ctx, String(clientId));
    const user = await pool.getUserByRefreshToken(ctx, token);
    if (!user) {
      const payload = decodePayload(token);
      const username = typeof payload?.['cognito:username'] === 'string' ? payload['cognito:username'] : undefined;
      const owner = username ? await pool.getUserByUsername(ctx, username) : null;
      const sub = owner ? attr(owner, 'sub') : undefined;
      if (sub && this.signOuts[sub] !== undefined) throw new NotAuthorizedError('Refresh Token has been revoked');
      throw new NotAuthorizedError('Invalid Refresh Token');
    }
    const exp = Number(decodePayload(token)?.exp);
    if (Number.isFinite(exp) && exp * 1000 < Date.now()) throw new NotAuthorizedError('Refresh Token has expired');
  }
}
