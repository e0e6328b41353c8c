/**
 * The whole site offline, in one process (the functions in a thread of their own, ./function-hosts.ts): DynamoDB, S3, SES and Cognito stand-ins on 127.0.0.1, provisioned from
 * shared/deployment/manifest.ts; the API (real handlers behind a local API Gateway with its JWT authorizer); the web
 * app and its runtime /config.json; a webhook inbox; a Lambda service answering Invoke calls (the asynchronous
 * hand-off of stored submissions to their delivery function); the delivery-retry schedule on a timer.
 *
 * `npm start` (infra/local/start.ts), the integration tests (test/integration/global-setup.ts) and the browser
 * tests (test/browser/global-setup.ts) all start it through `startLocalStack`.
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { buckets, localClientLimits, originVerifyValueEnv, schedules, userPool, type BucketName, type FunctionName } from '@shared/deployment/manifest';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contract/runtime-config';
import type { SettingName } from '@shared/deployment/settings';
import { createLocalApi } from './api-gateway';
import { localCognito } from './cognito/server';
import { dynamodbEmulator, s3Emulator, sesEmulator, stateFiles } from './emulators';
import { expiryService } from './expiry';
import { FunctionHosts, handlerExists, type Lane } from './function-hosts';
import { lambdaEnvironment, localBucketNames, localCredentials, localRegion, localStage, processEnvironment } from './lambda-env';
import { localLambdaService } from './lambda-service';
import { HOST, listen, closeServer } from './net';
import { ensureTables } from './provision';
import { scheduleService } from './schedule';
import { RunningServices, type LocalService } from './service';
import { readDotEnv, resolveSettings } from './settings';
import { createSiteServer, type SiteServer, type WebMode } from './site-server';
import { defaultStateDir, readJson, repoRoot, stateFolder, writeJson } from './state';
import { stripeStandIn, type StripeStandIn } from './stripe/stand-in';
import { accessTokenVerifier } from './tokens';
import { webhookInbox, type WebhookCall } from './webhook-inbox';

export { StackAlreadyRunningError } from './state';
export { PortInUseError } from './net';
export { TableSchemaMismatchError } from './provision';
export type { WebhookCall } from './webhook-inbox';

export interface StartOptions {
  /** 0 = a free port; default: PORT or 3000. */
  port?: number;
  /** Default `.local/state` at the repository root. */
  stateDir?: string;
  /** Wipe the state folder first (`npm start -- --reset`). */
  reset?: boolean;
  /** Built files from web/dist (default), Vite's dev server, or no web app. */
  web?: WebMode;
  /** Settings that win over the environment and `.env` (tests). */
  settings?: Partial<Record<SettingName, string>>;
  /** How often the delivery-retry job runs; default 60000 (its schedule); 0 = never. */
  deliveryRetryIntervalMs?: number;
  /** How often expired rows and files are deleted (DynamoDB TTL and S3 lifecycle, played locally); default 60000; 0 = never. */
  expiryIntervalMs?: number;
  /** No request or emulator logs. */
  quiet?: boolean;
  /** The built web app to serve (default web/dist). */
  webDir?: string;
  /** `.env` file to read settings from; default `.env` at the repository root; false = none. */
  envFile?: string | false;
  /**
   * Test-only: the per-client limit counts clients by their X-Forwarded-For address instead of the connection's,
   * so a benchmark on one machine can play many visitors. Never on for a stack others can reach.
   */
  trustForwardedFor?: boolean;
  /**
   * Test-only fault: the Lambda service answers an asynchronous (Event) invocation only once the function has run,
   * so a visitor's answer waits for the delivery of the submission. `npm run bench:load -- --answer-waits-on-delivery`
   * proves with it that the bench's ratio budget catches that. Never on otherwise.
   */
  answerWaitsOnDelivery?: boolean;
  /**
   * Run the local Stripe stand-in (infra/local/stripe/stand-in.ts) and point the Stripe settings at it: Buy Now
   * opens its checkout page, its events reach the site's webhook signed, and the billing portal works offline.
   * Its Stripe settings (key, webhook secret, API URL, portal login page) win over `settings` and the environment.
   * Off: no Stripe key, so payments answer the fallback checkout (the local default).
   */
  stripe?: boolean;
}

/** What a test or another process needs to reach the stack (serialisable: it crosses process boundaries). */
export interface LocalStackDescription {
  siteUrl: string;
  /** The API is served on the site's origin, as deployed behind CloudFront. */
  apiUrl: string;
  mailboxUrl: string;
  webhookInboxUrl: string;
  /** The Stripe stand-in (its dashboard at /, control API under /control), when started with `stripe`. */
  stripeUrl?: string;
  endpoints: { dynamodb: string; s3: string; sesv2: string; cognito: string; lambda: string };
  userPoolId: string;
  userPoolClientId: string;
  /** `iss` of the pool's tokens. */
  issuer: string;
  region: string;
  /** Everything a Lambda or an SDK client needs: endpoints, credentials, region, every function's environment. */
  env: Record<string, string>;
  runtimeConfig: RuntimeConfig;
  stateDir: string;
  pid: number;
  startupMs: number;
}

export interface LocalStack extends LocalStackDescription {
  /** Runs a real handler in the stack's function host, as Lambda would. */
  invoke(fn: FunctionName, event: unknown): Promise<unknown>;
  /**
   * Settles once the function hosts have imported every function (started in the background at start, so the
   * first visitor's submission does not wait for it): how long each import took, in ms, per lane.
   */
  warmed: Promise<Record<Lane, Record<string, number>> | undefined>;
  webhookCalls(): WebhookCall[];
  /** Serve the web app another way from now on (npm start switches to web/dist once its first build is done). */
  setWeb(web: WebMode): Promise<void>;
  describe(): LocalStackDescription;
  stop(): Promise<void>;
}

interface PersistedStack {
  userPoolId?: string;
  userPoolClientId?: string;
  issuerDomain?: string;
  ports?: Partial<Record<'dynamodb' | 's3' | 'ses' | 'cognito' | 'inbox' | 'lambda' | 'stripe', number>>;
  /** The stand-in's webhook signing secret, kept so that a restarted stack keeps verifying its events. */
  stripeWebhookSecret?: string;
  /**
   * The Lambda service's endpoint with this start's token, for the operator's own scripts (npm run staff:add runs
   * the post-confirmation trigger through it). A file in the state folder is out of a web page's reach, which is
   * what the token guards against (infra/local/local-only.ts).
   */
  lambdaEndpoint?: string;
}

function defaultPort(): number {
  const fromEnv = Number(process.env.PORT);
  return Number.isInteger(fromEnv) && fromEnv >= 0 ? fromEnv : 3000;
}

/**
 * The environment as the operator set it: values a local stack put there itself (this process or, in test
 * workers, test/integration/setup-env.ts) are not settings to carry over into another stack.
 */
function operatorEnv(): Record<string, string | undefined> {
  let applied: Record<string, string> = {};
  try {
    applied = (JSON.parse(process.env.LOCAL_STACK ?? '{}') as { env?: Record<string, string> }).env ?? {};
  } catch {
    applied = {};
  }
  return Object.fromEntries(Object.entries(process.env).filter(([k, v]) => applied[k] !== v));
}

export async function startLocalStack(opts: StartOptions = {}): Promise<LocalStack> {
  const started = Date.now();
  const stateDir = resolve(opts.stateDir ?? defaultStateDir);
  const quiet = opts.quiet ?? false;
  const files = stateFiles(stateDir);
  const services = new RunningServices();
  try {
    const lock = await services.start(stateFolder(stateDir, opts.reset));
    const persisted = readJson<PersistedStack>(files.stack, {});
    const ports = persisted.ports ?? {};

    // The site listens first (it serves once the API is ready): its port decides the origin that the
    // buckets' CORS and SITE_ORIGIN name.
    const site = await services.start(siteServer(opts.webDir, opts.port ?? defaultPort()));
    lock.update({ siteUrl: site.url });
    const inbox = await services.start(webhookInbox(files.webhookCalls, ports.inbox));
    const stripe = opts.stripe ? await services.start(stripeStandIn(join(stateDir, 'stripe.json'), ports.stripe)) : undefined;
    const stripeWebhookSecret = persisted.stripeWebhookSecret ?? `whsec_local_${randomBytes(18).toString('base64url')}`;
    const settings = resolveSettings({
      // With the stand-in, its Stripe settings win: `settings` may carry every setting's local default (tests).
      explicit: { ...opts.settings, ...(stripe ? standInSettings(stripe, stripeWebhookSecret) : {}) },
      env: operatorEnv(),
      dotEnv: opts.envFile === false ? {} : readDotEnv(opts.envFile ?? join(repoRoot, '.env')),
      webhookInboxUrl: inbox.url,
      siteUrl: site.url,
    });
    const siteOrigins = [...new Set([site.url, `http://${HOST}:${site.port}`, settings.SITE_ORIGIN.replace(/\/+$/, '')])];

    const [dynamo, s3, ses] = await Promise.all([
      services.start(dynamodbEmulator(files.dynamodb, ports.dynamodb)),
      services.start(s3Emulator(files.s3, ports.s3, bucketsWithCors(siteOrigins))),
      services.start(sesEmulator(files.mail, ports.ses)),
    ]);

    // Started before the services that invoke functions, so it stops after them (their runs finish first).
    const hosts = await services.start(functionHosts());
    const lambda = await services.start(localLambdaService(hosts, ports.lambda, { eventsDelayAnswer: opts.answerWaitsOnDelivery ?? false }));
    const [tables, cognito] = await Promise.all([
      provisionTables(dynamo.url),
      services.start(
        localCognito({
          dataDir: files.cognito,
          signOutsFile: files.signOuts,
          preferredPort: ports.cognito,
          issuerDomain: persisted.issuerDomain,
          known: { userPoolId: persisted.userPoolId, userPoolClientId: persisted.userPoolClientId },
          lambda,
          mail: { url: ses.url, from: settings.MAIL_FROM },
          quiet,
          siteOrigins,
        }),
      ),
    ]);
    writeJson(files.stack, {
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      issuerDomain: cognito.issuerDomain,
      ports: { dynamodb: dynamo.port, s3: s3.port, ses: ses.port, cognito: cognito.port, inbox: inbox.port, lambda: lambda.port, ...(stripe ? { stripe: stripe.port } : {}) },
      stripeWebhookSecret,
      lambdaEndpoint: lambda.url,
    } satisfies PersistedStack);

    const endpoints = { dynamodb: dynamo.url, s3: s3.url, sesv2: ses.url, cognito: cognito.url, lambda: lambda.url };
    const originVerify = randomBytes(24).toString('base64url');
    const description: LocalStackDescription = {
      siteUrl: site.url,
      apiUrl: site.url,
      mailboxUrl: `${ses.url}/`,
      webhookInboxUrl: inbox.url,
      ...(stripe ? { stripeUrl: stripe.url } : {}),
      endpoints,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      issuer: `${cognito.issuerDomain}/${cognito.userPoolId}`,
      region: localRegion,
      // The origin-check value CloudFront sends deployed: new at every start, added by the local API to each request.
      env: { ...lambdaEnvironment({ endpoints, tables, settings, userPoolId: cognito.userPoolId, quiet }), [originVerifyValueEnv]: originVerify },
      runtimeConfig: webRuntimeConfig(cognito, settings.STRIPE_PORTAL_LOGIN_URL),
      stateDir,
      pid: process.pid,
      startupMs: 0,
    };
    await services.start(processEnvironment({ ...description.env, LOCAL_STACK: JSON.stringify(description) }));
    // Background invocations still running at stop (deliveries in flight) finish first, while the environment
    // and the emulators they use are still there.
    await services.start({ name: 'background invocations', start: async () => ({ stop: () => lambda.drain() }) });

    // The API Gateway: the real handlers behind the pool's JWT authorizer, on the site's origin.
    const authorizer = await poolAuthorizer(cognito, description.issuer);
    const api = createLocalApi({
      hosts,
      authorizer: () => authorizer,
      log: quiet ? () => undefined : (line) => console.log(line),
      clientLimits: localClientLimits,
      trustForwardedFor: opts.trustForwardedFor ?? false,
      originVerify,
    });
    await site.ready({ api, runtimeConfig: description.runtimeConfig, web: opts.web ?? 'dist', connectOrigins: [cognito.url, s3.url] });
    // Stripe's events reach the site's webhook through the local API, as Stripe reaches the distribution.
    stripe?.setWebhook({ url: `${site.url}/api/stripe-webhook`, secret: settings.STRIPE_WEBHOOK_SECRET });

    const retryEvery = opts.deliveryRetryIntervalMs ?? schedules.deliveryRetry.everyMinutes * 60_000;
    if (retryEvery > 0) {
      const fn = schedules.deliveryRetry.fn;
      await services.start(scheduleService({ fn, everyMs: retryEvery, hosts, exists: () => handlerExists(fn), region: localRegion }));
    }

    // DynamoDB's TTL and the bucket's lifecycle rules, which the stand-ins lack.
    await services.start(
      expiryService({ dynamodbUrl: dynamo.url, s3Url: s3.url, tables }, opts.expiryIntervalMs ?? 60_000, quiet ? () => undefined : (line) => console.log(line)),
    );

    description.startupMs = Date.now() - started;
    process.env.LOCAL_STACK = JSON.stringify(description);
    lock.update({ siteUrl: site.url });

    // The functions' modules, imported in the background now that their environment is set (./function-hosts.ts).
    // A stack stopped while warming ends its hosts (the promise then settles undefined); a module that fails to
    // load is reported by the function's first invocation, as without warming.
    const warmed = hosts.warm().catch(() => undefined);

    return {
      ...description,
      invoke: (fn, event) => hosts.invoke(fn, event),
      warmed,
      webhookCalls: () => inbox.calls(),
      setWeb: (web) => site.setWeb(web),
      describe: () => ({ ...description }),
      stop: () => services.stop(),
    };
  } catch (error) {
    await services.stop();
    throw error;
  }
}

function functionHosts(): LocalService<FunctionHosts> {
  return { name: 'function hosts', start: async () => new FunctionHosts() };
}

/** The site server, listening at once; it answers once `ready` hands it the API and the runtime config. */
interface RunningSite extends Pick<SiteServer, 'ready' | 'setWeb' | 'stop'> {
  url: string;
  port: number;
}

function siteServer(webDir: string | undefined, port: number): LocalService<RunningSite> {
  return {
    name: 'site server',
    async start() {
      const site = createSiteServer(webDir ? resolve(webDir) : undefined);
      const actual = await listen(site.server, port);
      return {
        ready: (serving) => site.ready(serving),
        setWeb: (web) => site.setWeb(web),
        url: `http://localhost:${actual}`,
        port: actual,
        stop: async () => {
          await site.stop();
          await closeServer(site.server);
        },
      };
    },
  };
}

function bucketsWithCors(siteOrigins: readonly string[]) {
  return (Object.entries(buckets) as [BucketName, (typeof buckets)[BucketName]][]).map(([b, def]) => ({
    name: localBucketNames[b],
    corsOrigins: def.corsForSite ? siteOrigins : [],
  }));
}

async function provisionTables(dynamodbUrl: string) {
  const client = new DynamoDBClient({ endpoint: dynamodbUrl, region: localRegion, credentials: localCredentials });
  try {
    return await ensureTables(client, localStage);
  } finally {
    client.destroy();
  }
}

/** The Stripe settings of a stack with the stand-in: its API, its portal login page, a test key and the endpoint's secret. */
function standInSettings(stripe: StripeStandIn, webhookSecret: string): Partial<Record<SettingName, string>> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_local_stand_in',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_PORTAL_LOGIN_URL: stripe.portalLoginUrl,
  };
}

/** What the web app reads from /config.json: the local pool, reached through cognito-local's endpoint. */
function webRuntimeConfig(cognito: { url: string; userPoolId: string; userPoolClientId: string }, portalLoginUrl: string): RuntimeConfig {
  return runtimeConfigSchema.parse({
    stage: localStage,
    billingPortalLoginUrl: portalLoginUrl,
    apiUrl: '',
    auth: {
      region: localRegion,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      userPoolEndpoint: cognito.url,
      authFlowType: 'USER_PASSWORD_AUTH',
    },
  });
}

/** The API's JWT authorizer, configured as the deployed one: the pool's JWKS (fetched as API Gateway does), issuer and client. */
async function poolAuthorizer(cognito: { url: string; userPoolId: string; userPoolClientId: string }, issuer: string) {
  const jwksUri = `${cognito.url}/${cognito.userPoolId}/.well-known/jwks.json`;
  const response = await fetch(jwksUri);
  if (!response.ok) throw new Error(`JWKS ${jwksUri} answered ${response.status}`);
  const jwks = (await response.json()) as { keys: { kid: string; kty: string; alg: string; n: string; e: string; use: string }[] };
  return accessTokenVerifier({ issuer, jwks, jwksUri, clientId: cognito.userPoolClientId, scope: userPool.signedInScope });
}
