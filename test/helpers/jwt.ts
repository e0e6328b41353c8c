/**
 * Hand-made JWTs for authorizer tests: tokens signed with the local pool's own key (to make an otherwise valid
 * token expired, or from another issuer), with a stranger's key (forged signature), or unsigned (`alg: none`).
 */
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { signingKeys } from '../../infra/local/patches/cognito-local';

/** The key cognito-local signs every token with (shipped in the package, so any local pool uses it). */
export function localPoolPrivateKey(): string {
  return signingKeys.privatePem;
}

export function strangerPrivateKey(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signJwt(payload: Record<string, unknown>, privateKeyPem: string, header: Record<string, unknown> = {}): string {
  const head = b64({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal', ...header });
  const body = b64(payload);
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKeyPem).toString('base64url');
  return `${head}.${body}.${signature}`;
}

export function unsignedJwt(payload: Record<string, unknown>): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

/** The claims of a Cognito access token; override what the test is about. */
export function accessClaims(opts: { issuer: string; clientId: string; sub?: string }, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: opts.sub ?? randomUUID(),
    client_id: opts.clientId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: now,
    iat: now,
    exp: now + 3600,
    iss: opts.issuer,
    jti: randomUUID(),
    username: opts.sub ?? 'someone',
    ...overrides,
  };
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
