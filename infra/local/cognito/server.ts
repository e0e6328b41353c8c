/**
 * cognito-local 5.3.0 in this process, composed from its own services (as its lib/server/defaults.js does) so
 * that its gaps can be filled where Amplify v6 and our Lambdas meet them. Each gap-filler is its own module in
 * ./overrides; sessions (access-token checks, sign-outs), mail through the local SES and in-process triggers
 * are the parts they share with cognito-local.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { LocalLambda } from '../lambda-service';
import { localOnly } from '../local-only';
import { choosePort, closeServer, HOST } from '../net';
import type { LocalService } from '../service';
import { SesMessageSender, type SesMailbox } from './mail';
import { ensurePool, type PoolIds } from './pool';
import { Sessions } from './sessions';
import { inProcessTriggers, triggerFunctions } from './triggers';
import { challenges } from './overrides/challenges';
import { confirmation } from './overrides/confirmation';
import { globalSignOut } from './overrides/global-sign-out';
import { lockout } from './overrides/lockout';
import { maskedDestinations } from './overrides/masked-destinations';
import { routeWithOverrides, type CognitoParts } from './overrides/override';
import { passwordPolicy } from './overrides/password-policy';
import { refreshTokens } from './overrides/refresh-tokens';
import { tokenResponse } from './overrides/token-response';
import { userExistence } from './overrides/user-existence';
import { CognitoServiceFactoryImpl, DateClock, JwtTokenGenerator, MessageDeliveryService, MessagesService, Router, StormDBDataStoreFactory, TriggersService, UserPoolServiceFactoryImpl, createServer, otp, pino, signingKeys, type Config, type CognitoContext, type CryptoService, type Route, type Services } from '../patches/cognito-local';


interface LocalCognitoOptions {
  /** Folder of the pool and client databases (only pool files may live there: cognito-local loads every *.json). */
  dataDir: string;
  /** Where global sign-outs are remembered (sub -> epoch seconds). */
  signOutsFile: string;
  /** The port of last time, if it is still free. */
  preferredPort?: number;
  /** `iss` = issuerDomain/poolId; default the server's own URL. Kept across restarts so tokens a browser holds stay valid. */
  issuerDomain?: string;
  /** The pool and client of last time, found again by id. */
  known: Partial<PoolIds>;
  /** The local Lambda service: triggers are invoked through it, as Cognito invokes them through Lambda. */
  lambda: Pick<LocalLambda, 'invoke'>;
  mail: SesMailbox;
  quiet: boolean;
  /** The site's origins: its pages call Cognito from the browser; pages of any other origin are refused. */
  siteOrigins: readonly string[];
}

interface LocalCognito extends PoolIds {
  url: string;
  port: number;
  issuerDomain: string;
  stop(): Promise<void>;
}

export function localCognito(opts: LocalCognitoOptions): LocalService<LocalCognito> {
  return { name: 'Cognito (cognito-local)', start: () => startCognito(opts) };
}

async function cognitoServices(opts: LocalCognitoOptions, config: Config, ctx: CognitoContext, mail: SesMessageSender): Promise<Services> {
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(opts.dataDir);
  const userPools = new UserPoolServiceFactoryImpl(clock, dataStoreFactory);
  const cognito = await new CognitoServiceFactoryImpl(opts.dataDir, dataStoreFactory, userPools).create(ctx, config.UserPoolDefaults);
  // Only a CustomEmailSender trigger encrypts codes (KMS); we have none. Not loading cognito-local's crypto
  // module spares start-up the whole AWS SDK v2 and the encryption SDK (seconds on a busy machine).
  const noCrypto = {
    encrypt: () => Promise.reject(new Error('CustomEmailSender triggers are not supported by the local stack')),
  } as unknown as CryptoService;
  const triggers = new TriggersService(clock, cognito, inProcessTriggers(opts.lambda), noCrypto);
  return {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(mail)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
}

async function startCognito(opts: LocalCognitoOptions): Promise<LocalCognito> {
  mkdirSync(opts.dataDir, { recursive: true });
  const port = await choosePort(opts.preferredPort);
  const url = `http://${HOST}:${port}`;
  const issuerDomain = opts.issuerDomain ?? url;
  const logger = pino({ level: opts.quiet ? 'silent' : 'error' });
  const ctx: CognitoContext = { logger: logger as unknown as CognitoContext['logger'] };
  const config = {
    LambdaClient: { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    TriggerFunctions: triggerFunctions,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: issuerDomain },
    KMSConfig: { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    ServerConfig: { port, hostname: HOST, development: false, https: false },
  } as Config;

  const mail = new SesMessageSender(opts.mail, opts.quiet);
  const services = await cognitoServices(opts, config, ctx, mail);
  const jwks: Jwks = { keys: [signingKeys.publicJwk] };
  const sessions = new Sessions({ cognito: services.cognito, ctx, signOutsFile: opts.signOutsFile, issuerDomain, url, jwks });
  const parts: CognitoParts = { cognito: services.cognito, services, base: Router(services), sessions };
  // Order matters where two wrap one target: the lockout sees the answers as the caller does (first), a
  // challenge's Session is checked before its answer is, and a refresh token before sign-in errors are made alike.
  const layers = [
    lockout(),
    challenges(parts),
    passwordPolicy(parts),
    refreshTokens(parts),
    userExistence(parts),
    confirmation(parts),
    globalSignOut(parts),
    tokenResponse(),
    maskedDestinations(),
  ];
  const router = (target: string): Route => routeWithOverrides(parts, layers, target);

  const server = (await createServer(router, logger, config.ServerConfig, services).start()) as Server;
  // cognito-local answers every origin's preflight and needs no credentials for its admin calls: only the SDK and
  // the site's own pages may reach it (../local-only.ts).
  localOnly(server, { allowedOrigins: opts.siteOrigins });
  const stop = async () => {
    await closeServer(server);
    mail.stop();
  };
  try {
    const call = async <T>(target: string, request: Record<string, unknown>) => (await router(target)(ctx, request)) as T;
    const pool = await ensurePool(services.cognito, ctx, call, opts.known);
    return { url, port, issuerDomain, ...pool, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
