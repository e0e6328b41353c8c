/**
 * The local API's JWT authorizer on a signed-in route (GET /api/profile), against the tokens an attacker or a
 * stale browser would send. It must refuse exactly what the deployed HTTP API JWT authorizer refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { routes } from '@shared/contract/api';
import { cognitoClient, createConfirmedUser, signIn, uniqueEmail, type Tokens } from '../../helpers/cognito';
import { accessClaims, localPoolPrivateKey, signJwt, strangerPrivateKey, unsignedJwt } from '../../helpers/jwt';
import { localStack } from '../../helpers/local-stack';

const stack = localStack();
const client = cognitoClient();
const url = `${stack.apiUrl}${routes.getProfile.path}`;

async function getProfile(authorization?: string) {
  const response = await fetch(url, { headers: authorization ? { authorization } : {} });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as { message?: string } };
}

let user: Awaited<ReturnType<typeof createConfirmedUser>>;
let tokens: Tokens;

beforeAll(async () => {
  user = await createConfirmedUser({ username: 'token_tester' });
  tokens = await signIn(user.email, user.password);
});
afterAll(() => client.destroy());

async function signInElsewhere(poolName: string, sameAsLocalPool: boolean): Promise<string> {
  const UserPoolId = sameAsLocalPool
    ? stack.userPoolId
    : (await client.send(new CreateUserPoolCommand({ PoolName: poolName, UsernameAttributes: ['email'], Policies: { PasswordPolicy: { MinimumLength: 6, RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false } } }))).UserPool?.Id;
  const created = await client.send(new CreateUserPoolClientCommand({ UserPoolId, ClientName: `${poolName}-client`, ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }));
  const ClientId = created.UserPoolClient?.ClientId as string;
  const email = uniqueEmail('elsewhere');
  await client.send(new SignUpCommand({ ClientId, Username: email, Password: 'elsewhere-1', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'preferred_username', Value: 'tester' }] }));
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId, Username: email }));
  const auth = await client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'elsewhere-1' } }));
  return auth.AuthenticationResult?.AccessToken as string;
}

describe(`JWT authorizer on ${routes.getProfile.method} ${routes.getProfile.path}`, () => {
  const unauthorized = { status: 401, body: { message: 'Unauthorized' } };

  it('refuses a request without a token', async () => {
    expect(await getProfile()).toEqual(unauthorized);
  });

  it('refuses a garbage token', async () => {
    expect(await getProfile('Bearer not-a-jwt')).toEqual(unauthorized);
  });

  it('refuses an expired token signed by the pool', async () => {
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = signJwt(accessClaims({ issuer: stack.issuer, clientId: stack.userPoolClientId, sub: user.sub }, { iat: hourAgo - 60, exp: hourAgo }), localPoolPrivateKey());
    expect(await getProfile(`Bearer ${expired}`)).toEqual(unauthorized);
  });

  it('refuses a token with a forged signature', async () => {
    const forged = signJwt(accessClaims({ issuer: stack.issuer, clientId: stack.userPoolClientId, sub: user.sub }), strangerPrivateKey());
    expect(await getProfile(`Bearer ${forged}`)).toEqual(unauthorized);
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const none = unsignedJwt(accessClaims({ issuer: stack.issuer, clientId: stack.userPoolClientId, sub: user.sub }));
    expect(await getProfile(`Bearer ${none}`)).toEqual(unauthorized);
  });

  it("refuses a genuine token of another user pool", async () => {
    const otherPoolToken = await signInElsewhere('agency-test-other-pool', false);
    expect(await getProfile(`Bearer ${otherPoolToken}`)).toEqual(unauthorized);
  });

  it("refuses a token issued for another pool even when it names this app client", async () => {
    // Signed with the very key the local pools share: only the issuer tells the pools apart.
    const otherIssuer = stack.issuer.replace(/[^/]+$/, 'local_0therP00l');
    const token = signJwt(accessClaims({ issuer: otherIssuer, clientId: stack.userPoolClientId, sub: user.sub }), localPoolPrivateKey());
    expect(await getProfile(`Bearer ${token}`)).toEqual(unauthorized);
    // The same claims with this pool's issuer pass: the issuer is what was refused.
    const good = signJwt(accessClaims({ issuer: stack.issuer, clientId: stack.userPoolClientId, sub: user.sub }), localPoolPrivateKey());
    expect((await getProfile(`Bearer ${good}`)).status).not.toBe(401);
  });

  it("refuses a genuine token of this pool's other app client", async () => {
    const otherClientToken = await signInElsewhere('agency-test-other-client', true);
    expect(await getProfile(`Bearer ${otherClientToken}`)).toEqual(unauthorized);
  });

  it('refuses an ID token where an access token is expected', async () => {
    expect(await getProfile(`Bearer ${tokens.idToken}`)).toEqual(unauthorized);
  });

  it('lets a valid access token through to the handler, with or without the Bearer prefix', async () => {
    const withPrefix = await getProfile(`Bearer ${tokens.accessToken}`);
    expect(withPrefix.status).not.toBe(401);
    expect(withPrefix.status).toBeLessThan(500);
    const bare = await getProfile(tokens.accessToken);
    expect(bare.status).toBe(withPrefix.status);
  });
});
