/**
 * cognito-local 5.3.0 in this process, composed from its own services (as its lib/server/defaults.js does) so
 * that its gaps can be filled where Amplify v6 and our Lambdas meet them:
 *
 * - GetTokensFromRefreshToken (Amplify 6.21+ refreshes with it), GlobalSignOut / AdminUserGlobalSignOut (the
 *   user's refresh tokens are dropped and older access tokens refused), ResendConfirmationCode;
 * - the pool's password policy on SignUp, ChangePassword, ConfirmForgotPassword, AdminSetUserPassword and the
 *   NEW_PASSWORD_REQUIRED challenge, with Cognito's error (`InvalidPasswordException`, "Password did not conform
 *   with policy: ...");
 * - access tokens are verified (signature, issuer, expiry, revocation) before any call that carries one;
 * - ConfirmSignUp marks the e-mail verified; errors read as Cognito's do with PreventUserExistenceErrors enabled;
 * - verification and reset codes are mailed through the local SES, so they land in the local mailbox;
 * - trigger invocations call the real trigger handlers (`userPool.triggers`) in-process; a trigger whose file
 *   does not exist yet is treated as not configured, which is how Cognito behaves without it.
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'cognito-local/lib/server/server.js';
import { Router, type Route } from 'cognito-local/lib/server/Router.js';
import type { Config } from 'cognito-local/lib/server/config.js';
import { DateClock, LambdaService, MessagesService, TriggersService, type Services } from 'cognito-local/lib/services/index.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { UserPoolServiceFactoryImpl, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import type { Message } from 'cognito-local/lib/services/messages.js';
import type { Context as CognitoContext } from 'cognito-local/lib/services/context.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import type { CryptoService } from 'cognito-local/lib/services/crypto.js';
import { CognitoError, InvalidParameterError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors.js';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { resourceName, userPool as poolDef, type FunctionName } from '../../shared/backend';
import type { Handlers } from './handlers';
import { handlerExists } from './handlers';
import { HOST } from './net';
import { readJson, writeJson } from './state';
import { accessTokenVerifier, TokenRejectedError, type AccessTokenVerifier } from './tokens';

// pino and the signing key are cognito-local's own: resolve them from its folder, whatever npm hoisted.
const requireFromCognito = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
type PinoFactory = (options: { level: string }) => Parameters<typeof createServer>[1];
const pino = requireFromCognito('pino') as PinoFactory;
/** The key pair cognito-local signs every token with; its public half is what the pool's JWKS serves. */
const publicKey = requireFromCognito('./lib/keys/cognitoLocal.public.json') as { jwk: Jwks['keys'][number] };

export const localPoolName = resourceName('local', 'users');
export const localClientName = resourceName('local', 'web');

/** Cognito trigger keys as cognito-local names them, from `userPool.triggers` (customMessage -> CustomMessage). */
const triggerFunctions: Record<string, FunctionName> = Object.fromEntries(
  Object.entries(poolDef.triggers).map(([key, fn]) => [key[0]?.toUpperCase() + key.slice(1), fn]),
);

export interface MailToSend {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface LocalCognitoOptions {
  /** Folder of the pool and client databases (only pool files may live there: cognito-local loads every *.json). */
  dataDir: string;
  /** Where global sign-outs are remembered (sub -> epoch seconds). */
  signOutsFile: string;
  port: number;
  /** `iss` = issuerDomain/poolId. Kept stable across restarts so tokens a browser holds stay valid. */
  issuerDomain: string;
  handlers: Handlers;
  sendMail: (mail: MailToSend) => Promise<void>;
  quiet: boolean;
}

export interface LocalCognito {
  url: string;
  issuerDomain: string;
  jwks: Jwks;
  /** Calls a target as the HTTP API would (for provisioning and tests). */
  call<T = Record<string, unknown>>(target: string, request: Record<string, unknown>): Promise<T>;
  ensurePool(known: { userPoolId?: string; userPoolClientId?: string }): Promise<{ userPoolId: string; userPoolClientId: string }>;
  stop(): Promise<void>;
}

// -----------------------------------------------------------------------------------------------------------
// Mail and triggers
// -----------------------------------------------------------------------------------------------------------

/** Cognito's default verification message, used when no CustomMessage trigger answers. */
const defaultSubject = 'Your verification code';
const defaultMessage = 'Your verification code is {####}. ';

function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

class SesMessageSender implements MessageSender {
  constructor(
    private readonly send: (mail: MailToSend) => Promise<void>,
    private readonly quiet: boolean,
  ) {}

  async sendEmail(_ctx: CognitoContext, user: User, destination: string, message: Message): Promise<void> {
    const code = message.__code ?? '';
    // cognito-local substitutes only the first {####}; Cognito replaces every one.
    const fill = (s: string) => s.replaceAll('{####}', code).replaceAll('{username}', user.Username);
    const body = fill(message.emailMessage || defaultMessage);
    const subject = fill(message.emailSubject || defaultSubject);
    await this.send({ to: destination, subject, html: body, text: htmlToText(body) });
  }

  async sendSms(_ctx: CognitoContext, user: User, destination: string, message: Message): Promise<void> {
    if (!this.quiet) console.log(`[cognito] SMS to ${destination} (${user.Username}): code ${message.__code}`);
  }
}

/** cognito-local's Lambda client, answered by the real trigger handlers instead of an HTTP Lambda endpoint. */
function inProcessLambdaClient(handlers: Handlers) {
  return {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        promise: async () => {
          try {
            const result = await handlers.invoke(params.FunctionName as FunctionName, JSON.parse(params.Payload));
            return { StatusCode: 200, Payload: JSON.stringify(result ?? {}) };
          } catch (error) {
            const e = error as Error;
            console.error(`[cognito] trigger ${params.FunctionName} failed:`, e);
            return {
              StatusCode: 200,
              FunctionError: 'Unhandled',
              Payload: JSON.stringify({ errorType: e.name, errorMessage: e.message }),
            };
          }
        },
      };
    },
  };
}

class LocalLambdaService extends LambdaService {
  /** A trigger counts as configured only once its handler file exists (other engineers may still be writing it). */
  override enabled(lambda: Parameters<LambdaService['enabled']>[0]): boolean {
    const fn = triggerFunctions[lambda];
    return fn !== undefined && handlerExists(fn);
  }
}

// -----------------------------------------------------------------------------------------------------------
// Gap fillers
// -----------------------------------------------------------------------------------------------------------

class InvalidPasswordError extends CognitoError {
  constructor(reason: string) {
    super('InvalidPasswordException', `Password did not conform with policy: ${reason}`);
  }
}

interface PasswordPolicy {
  MinimumLength?: number;
  RequireLowercase?: boolean;
  RequireUppercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
}

/** Cognito's checks, in Cognito's order, with its messages. */
export function checkPassword(password: unknown, policy: PasswordPolicy | undefined): void {
  if (typeof password !== 'string') throw new InvalidParameterError('Missing required parameter PASSWORD');
  const p = policy ?? {};
  if (password.length < (p.MinimumLength ?? 8)) throw new InvalidPasswordError('Password not long enough');
  if (p.RequireLowercase && !/[a-z]/.test(password)) throw new InvalidPasswordError('Password must have lowercase characters');
  if (p.RequireUppercase && !/[A-Z]/.test(password)) throw new InvalidPasswordError('Password must have uppercase characters');
  if (p.RequireNumbers && !/[0-9]/.test(password)) throw new InvalidPasswordError('Password must have numeric characters');
  if (p.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password)) {
    throw new InvalidPasswordError('Password must have symbol characters');
  }
}

/** Cognito shows where a code went without revealing the address: `j***@e***`. */
function maskDestination(destination: string): string {
  const [local = '', domain = ''] = destination.split('@');
  return domain ? `${local.slice(0, 1)}***@${domain.slice(0, 1)}***` : `${destination.slice(0, 1)}***`;
}

function maskDetails<T>(details: T): T {
  if (!details || typeof details !== 'object') return details;
  const d = details as { Destination?: string };
  return (d.Destination ? { ...d, Destination: maskDestination(d.Destination) } : d) as T;
}

function decodePayload(token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function attr(user: User, name: string): string | undefined {
  return user.Attributes.find((a) => a.Name === name)?.Value;
}

const incorrectCredentials = () => new NotAuthorizedError('Incorrect username or password.');

// -----------------------------------------------------------------------------------------------------------
// The server
// -----------------------------------------------------------------------------------------------------------

export async function startCognito(opts: LocalCognitoOptions): Promise<LocalCognito> {
  mkdirSync(opts.dataDir, { recursive: true });
  const logger = pino({ level: opts.quiet ? 'silent' : 'error' });
  const ctx: CognitoContext = { logger: logger as unknown as CognitoContext['logger'] };
  const url = `http://${HOST}:${opts.port}`;

  const config: Config = {
    LambdaClient: { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    TriggerFunctions: triggerFunctions,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: opts.issuerDomain },
    KMSConfig: { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    ServerConfig: { port: opts.port, hostname: HOST, development: false, https: false },
  } as Config;

  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(opts.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    opts.dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const lambda = new LocalLambdaService(
    config.TriggerFunctions,
    inProcessLambdaClient(opts.handlers) as unknown as ConstructorParameters<typeof LambdaService>[1],
  );
  // Only a CustomEmailSender trigger encrypts codes (KMS); we have none. Not loading cognito-local's crypto
  // module spares start-up the whole AWS SDK v2 and the encryption SDK (seconds on a busy machine).
  const noCrypto = {
    encrypt: () => Promise.reject(new Error('CustomEmailSender triggers are not supported by the local stack')),
  } as unknown as CryptoService;
  const triggers = new TriggersService(clock, cognito, lambda, noCrypto);
  const services: Services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new SesMessageSender(opts.sendMail, opts.quiet))),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };

  const jwks: Jwks = { keys: [publicKey.jwk] };
  const signOuts = readJson<Record<string, number>>(opts.signOutsFile, {});
  const verifiers = new Map<string, AccessTokenVerifier>();
  const verifierFor = (poolId: string) => {
    let v = verifiers.get(poolId);
    if (!v) {
      v = accessTokenVerifier({ issuer: `${opts.issuerDomain}/${poolId}`, jwks, jwksUri: `${url}/${poolId}/.well-known/jwks.json` });
      verifiers.set(poolId, v);
    }
    return v;
  };

  /** The pool an access token was issued for, once its signature, issuer, expiry and revocation check out. */
  async function verifyAccessToken(token: unknown): Promise<{ pool: UserPoolService; user: User }> {
    const claims = decodePayload(token);
    const clientId = typeof claims?.client_id === 'string' ? claims.client_id : undefined;
    const client = clientId ? await cognito.getAppClient(ctx, clientId) : null;
    if (!client || typeof token !== 'string') throw new NotAuthorizedError('Invalid Access Token');
    try {
      await verifierFor(client.UserPoolId).verify(token);
    } catch (error) {
      if (error instanceof TokenRejectedError && error.expired) throw new NotAuthorizedError('Access Token has expired');
      throw new NotAuthorizedError('Invalid Access Token');
    }
    const pool = await cognito.getUserPool(ctx, client.UserPoolId);
    const user = await pool.getUserByUsername(ctx, String(claims?.sub));
    if (!user) throw new NotAuthorizedError('User does not exist.');
    const signedOutAt = signOuts[String(claims?.sub)];
    // Tokens issued in the very second of the sign-out stay valid: a sign-in right after it must work.
    if (signedOutAt !== undefined && Number(claims?.iat) < signedOutAt) throw new NotAuthorizedError('Access Token has been revoked');
    return { pool, user };
  }

  async function globalSignOut(pool: UserPoolService, user: User): Promise<void> {
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    const sub = attr(user, 'sub');
    if (sub) {
      signOuts[sub] = Math.floor(Date.now() / 1000);
      writeJson(opts.signOutsFile, signOuts);
    }
  }

  /** Checks a refresh token the way Cognito does before cognito-local looks it up in the user's list. */
  async function checkRefreshToken(clientId: unknown, token: unknown): Promise<void> {
    if (typeof token !== 'string' || !token) throw new InvalidParameterError('Missing required parameter REFRESH_TOKEN');
    const pool = await cognito.getUserPoolForClientId(ctx, String(clientId));
    const user = await pool.getUserByRefreshToken(ctx, token);
    if (!user) {
      const payload = decodePayload(token);
      const username = typeof payload?.['cognito:username'] === 'string' ? payload['cognito:username'] : undefined;
      const owner = username ? await pool.getUserByUsername(ctx, username) : null;
      const sub = owner ? attr(owner, 'sub') : undefined;
      if (sub && signOuts[sub] !== undefined) throw new NotAuthorizedError('Refresh Token has been revoked');
      throw new NotAuthorizedError('Invalid Refresh Token');
    }
    const exp = Number(decodePayload(token)?.exp);
    if (Number.isFinite(exp) && exp * 1000 < Date.now()) throw new NotAuthorizedError('Refresh Token has expired');
  }

  const expiresIn = poolDef.accessTokenMinutes * 60;
  const base = Router(services);
  const policyOfClient = async (clientId: unknown) => (await cognito.getUserPoolForClientId(ctx, String(clientId))).options.Policies?.PasswordPolicy;
  const policyOfPool = async (poolId: unknown) => (await cognito.getUserPool(ctx, String(poolId))).options.Policies?.PasswordPolicy;
  const withTokenFields = (result: { AuthenticationResult?: Record<string, unknown> }) => {
    if (result.AuthenticationResult) {
      result.AuthenticationResult = { ...result.AuthenticationResult, ExpiresIn: expiresIn, TokenType: 'Bearer' };
    }
    return result;
  };

  /** The request fields the gap-fillers read (Cognito's names); anything else passes through untouched. */
  interface Req {
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
    ChallengeResponses?: Record<string, string>;
    ClientMetadata?: Record<string, string>;
  }
  const overrides: Record<string, (c: CognitoContext, req: Req) => Promise<unknown>> = {
    async SignUp(c, req) {
      checkPassword(req.Password, await policyOfClient(req.ClientId));
      const result = (await base('SignUp')(c, req)) as { CodeDeliveryDetails?: unknown };
      return { ...result, CodeDeliveryDetails: maskDetails(result.CodeDeliveryDetails) };
    },

    async ConfirmSignUp(c, req) {
      const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
      const user = await pool.getUserByUsername(c, String(req.Username));
      if (user?.UserStatus === 'CONFIRMED') throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
      if (user?.ConfirmationCode && user.ConfirmationCode === req.ConfirmationCode) {
        // Confirming with a mailed code proves the address: Cognito sets email_verified (cognito-local forgets).
        const others = user.Attributes.filter((a) => a.Name !== 'email_verified');
        await pool.saveUser(c, { ...user, Attributes: [...others, { Name: 'email_verified', Value: 'true' }] });
      }
      return base('ConfirmSignUp')(c, req);
    },

    async ResendConfirmationCode(c, req) {
      const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
      const user = await pool.getUserByUsername(c, String(req.Username));
      const simulated = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskDestination(String(req.Username)) };
      if (!user) return { CodeDeliveryDetails: simulated };
      if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const email = attr(user, 'email');
      if (!email) throw new InvalidParameterError('User has no email to send the code to.');
      const details = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email };
      const code = services.otp();
      await services.messages.deliver(c, 'ResendCode', req.ClientId ?? null, pool.options.Id, user, code, req.ClientMetadata, details);
      await pool.saveUser(c, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
      return { CodeDeliveryDetails: maskDetails(details) };
    },

    async InitiateAuth(c, req) {
      if (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') {
        await checkRefreshToken(req.ClientId, req.AuthParameters?.REFRESH_TOKEN);
      }
      try {
        return withTokenFields((await base('InitiateAuth')(c, req)) as { AuthenticationResult?: Record<string, unknown> });
      } catch (error) {
        // Wrong password and unknown user read the same, as with PreventUserExistenceErrors=ENABLED.
        if (error instanceof CognitoError && (error.code === 'InvalidPasswordException' || error.code === 'NotAuthorizedException')) {
          throw incorrectCredentials();
        }
        throw error;
      }
    },

    async GetTokensFromRefreshToken(c, req) {
      await checkRefreshToken(req.ClientId, req.RefreshToken);
      const result = (await base('InitiateAuth')(c, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
        ClientMetadata: req.ClientMetadata,
      })) as { AuthenticationResult?: Record<string, unknown> };
      // Without refresh-token rotation Cognito returns no new refresh token; the client keeps its own.
      return withTokenFields({ AuthenticationResult: result.AuthenticationResult ?? {} });
    },

    async GlobalSignOut(_c, req) {
      const { pool, user } = await verifyAccessToken(req.AccessToken);
      await globalSignOut(pool, user);
      return {};
    },

    async AdminUserGlobalSignOut(c, req) {
      const pool = await cognito.getUserPool(c, String(req.UserPoolId));
      const user = await pool.getUserByUsername(c, String(req.Username));
      if (!user) throw new UserNotFoundError('User does not exist.');
      await globalSignOut(pool, user);
      return {};
    },

    async ChangePassword(c, req) {
      const { pool, user } = await verifyAccessToken(req.AccessToken);
      checkPassword(req.ProposedPassword, pool.options.Policies?.PasswordPolicy);
      if (user.Password !== req.PreviousPassword) throw incorrectCredentials();
      return base('ChangePassword')(c, req);
    },

    async ForgotPassword(c, req) {
      const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
      const user = await pool.getUserByUsername(c, String(req.Username));
      if (!user) {
        return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskDestination(String(req.Username)) } };
      }
      const result = (await base('ForgotPassword')(c, req)) as { CodeDeliveryDetails?: unknown };
      return { CodeDeliveryDetails: maskDetails(result.CodeDeliveryDetails) };
    },

    async ConfirmForgotPassword(c, req) {
      checkPassword(req.Password, await policyOfClient(req.ClientId));
      try {
        return await base('ConfirmForgotPassword')(c, req);
      } catch (error) {
        if (error instanceof CognitoError && error.code === 'UserNotFoundException') {
          throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
        }
        throw error;
      }
    },

    async AdminSetUserPassword(c, req) {
      checkPassword(req.Password, await policyOfPool(req.UserPoolId));
      return base('AdminSetUserPassword')(c, req);
    },

    async RespondToAuthChallenge(c, req) {
      if (req.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        checkPassword(req.ChallengeResponses?.NEW_PASSWORD, await policyOfClient(req.ClientId));
      }
      return withTokenFields((await base('RespondToAuthChallenge')(c, req)) as { AuthenticationResult?: Record<string, unknown> });
    },

    async UpdateUserAttributes(c, req) {
      await verifyAccessToken(req.AccessToken);
      const result = (await base('UpdateUserAttributes')(c, req)) as { CodeDeliveryDetailsList?: unknown[] };
      return { ...result, CodeDeliveryDetailsList: (result.CodeDeliveryDetailsList ?? []).map(maskDetails) };
    },
  };

  const router = (target: string): Route => {
    const override = overrides[target];
    if (override) return (c, req) => override(c, (req ?? {}) as Req);
    const route = base(target);
    // Every other call that carries an access token (GetUser, DeleteUser, VerifyUserAttribute, ...) is checked
    // first: cognito-local itself only decodes tokens, so a forged or `alg: none` token would pass.
    return async (c, req) => {
      if (req && typeof req === 'object' && 'AccessToken' in req) await verifyAccessToken((req as Req).AccessToken);
      return route(c, req);
    };
  };

  const server = await createServer(router, logger, config.ServerConfig, services).start();

  async function call<T>(target: string, request: Record<string, unknown>): Promise<T> {
    return (await router(target)(ctx, request)) as T;
  }

  async function ensurePool(known: { userPoolId?: string; userPoolClientId?: string }) {
    const policy = poolDef.passwordPolicy;
    const poolSettings = {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: policy.minLength,
          RequireLowercase: policy.requireLowercase,
          RequireUppercase: policy.requireUppercase,
          RequireNumbers: policy.requireDigits,
          RequireSymbols: policy.requireSymbols,
          TemporaryPasswordValidityDays: 7,
        },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    };
    const pools = await cognito.listUserPools(ctx);
    let pool = pools.find((p) => p.Id === known.userPoolId) ?? pools.find((p) => p.Name === localPoolName);
    if (pool) {
      // Settings from shared/backend.ts may have changed since the pool was created (e.g. the password policy).
      const service = await cognito.getUserPool(ctx, pool.Id);
      await service.updateOptions(ctx, { ...service.options, ...poolSettings });
    } else {
      const created = await call<{ UserPool: { Id: string } }>('CreateUserPool', {
        PoolName: localPoolName,
        ...poolSettings,
        Schema: [
          { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
          { Name: poolDef.usernameAttribute, AttributeDataType: 'String', Required: false, Mutable: true },
        ],
      });
      pool = { ...created.UserPool } as typeof pool & { Id: string };
    }
    const userPoolId = (pool as { Id: string }).Id;
    const clients = await cognito.listAppClients(ctx, userPoolId);
    let client = clients.find((c) => c.ClientId === known.userPoolClientId) ?? clients.find((c) => c.ClientName === localClientName);
    if (!client) {
      const created = await call<{ UserPoolClient: { ClientId: string } }>('CreateUserPoolClient', {
        UserPoolId: userPoolId,
        ClientName: localClientName,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        AccessTokenValidity: poolDef.accessTokenMinutes,
        IdTokenValidity: poolDef.accessTokenMinutes,
        RefreshTokenValidity: poolDef.refreshTokenDays,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: 'ENABLED',
      });
      client = { ClientId: created.UserPoolClient.ClientId } as (typeof clients)[number];
    }
    return { userPoolId, userPoolClientId: client.ClientId };
  }

  return {
    url,
    issuerDomain: opts.issuerDomain,
    jwks,
    call,
    ensurePool,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

export const cognitoDataDir = (stateDir: string) => join(stateDir, 'cognito');
