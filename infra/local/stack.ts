/**
 * The whole site offline, in one process: DynamoDB, S3, SES and Cognito stand-ins on 127.0.0.1, provisioned from
 * shared/backend.ts; the API (real handlers behind a local API Gateway with its JWT authorizer); the web app and
 * its runtime /config.json; a webhook inbox; the delivery-retry schedule on a timer.
 *
 * `npm start` (infra/local/start.ts), the integration tests (test/integration/global-setup.ts) and the browser
 * tests (test/browser/global-setup.ts) all start it through `startLocalStack`.
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  bucketEnvName,
  buckets,
  functionEnvironment,
  functions,
  localClientLimits,
  originVerifyValueEnv,
  resourceName,
  schedules,
  type BucketName,
  type FunctionName,
} from '../../shared/backend';
import { runtimeConfigSchema, type RuntimeConfig } from '../../shared/config';
import type { SettingName } from '../../shared/settings';
import { resetClients } from '../../lambdas/lib/aws';
import { createLocalApi } from './api-gateway';
import { startCognito, type LocalCognito } from './cognito';
import { startDynamo, startS3, startSes, stateFiles, type Emulator } from './emulators';
import { Handlers, handlerExists } from './handlers';
import { choosePort, closeServer, HOST, listen } from './net';
import { ensureTables } from './provision';
import { startSchedule } from './schedule';
import { readDotEnv, resolveSettings } from './settings';
import { createSiteServer, type WebMode } from './site-server';
import { defaultStateDir, readJson, repoRoot, StateLock, wipeState, writeJson } from './state';
import { accessTokenVerifier, type AccessTokenVerifier } from './tokens';
import { startWebhookInbox, type WebhookCall, type WebhookInbox } from './webhook-inbox';

export { StackAlreadyRunningError } from './state';
export { PortInUseError } from './net';
export type { WebhookCall } from './webhook-inbox';

export const localStage = 'local';
/** Any fixed region: the emulators ignore it, the SDK needs one. */
export const localRegion = 'us-east-1';
/** s3rver accepts only this key pair; dynalite, aws-ses-v2-local and cognito-local accept any, so all use it. */
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

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
}

/** What a test or another process needs to reach the stack (serialisable: it crosses process boundaries). */
export interface LocalStackDescription {
  siteUrl: string;
  /** The API is served on the site's origin, as deployed behind CloudFront. */
  apiUrl: string;
  mailboxUrl: string;
  webhookInboxUrl: string;
  endpoints: { dynamodb: string; s3: string; sesv2: string; cognito: string };
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
  /** Runs a real handler in this process, as Lambda would. */
  invoke(fn: FunctionName, event: unknown): Promise<unknown>;
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
  ports?: Partial<Record<'dynamodb' | 's3' | 'ses' | 'cognito' | 'inbox', number>>;
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
  const log = quiet ? () => undefined : (line: string) => console.log(line);
  const files = stateFiles(stateDir);
  const cleanups: (() => Promise<void> | void)[] = [];
  const runCleanups = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('[local-stack] stopping:', error);
      }
    }
  };

  const lock = StateLock.acquire(stateDir);
  cleanups.push(() => lock.release());
  try {
    if (opts.reset) wipeState(stateDir);
    const persisted = readJson<PersistedStack>(files.stack, {});
    const ports = persisted.ports ?? {};

    // The site first: its port decides the origin the buckets' CORS and SITE_ORIGIN must name.
    const site = createSiteServer(opts.webDir ? resolve(opts.webDir) : undefined);
    const sitePort = await listen(site.server, opts.port ?? defaultPort());
    cleanups.push(() => closeServer(site.server));
    cleanups.push(() => site.stop());
    const siteUrl = `http://localhost:${sitePort}`;
    lock.update({ siteUrl });

    const inbox: WebhookInbox = await startWebhookInbox({ port: await choosePort(ports.inbox), file: files.webhookCalls });
    cleanups.push(() => inbox.stop());

    const dotEnv = opts.envFile === false ? {} : readDotEnv(opts.envFile ?? join(repoRoot, '.env'));
    const settingValues = resolveSettings({
      explicit: opts.settings,
      env: operatorEnv(),
      dotEnv,
      webhookInboxUrl: inbox.url,
      siteUrl,
    });
    const siteOrigins = [...new Set([siteUrl, `http://${HOST}:${sitePort}`, settingValues.SITE_ORIGIN.replace(/\/+$/, '')])];

    const bucketNames = Object.fromEntries(
      (Object.keys(buckets) as BucketName[]).map((b) => [b, resourceName(localStage, b)]),
    ) as Record<BucketName, string>;

    const handlers = new Handlers();
    // Cognito starts alongside SES and mails through it once both run.
    const mailer: { ses?: Emulator; client?: SESv2Client } = {};
    const sendMail = async (mail: { to: string; subject: string; html: string; text: string }) => {
      if (!mailer.ses) throw new Error('The local SES is not running');
      mailer.client ??= new SESv2Client({ endpoint: mailer.ses.url, region: localRegion, credentials: localCredentials });
      const sesClient = mailer.client;
      await sesClient.send(
        new SendEmailCommand({
          FromEmailAddress: settingValues.MAIL_FROM,
          Destination: { ToAddresses: [mail.to] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    };

    const [dynamo, s3, sesStarted, cognito] = await Promise.all([
      (async () => {
        const e = await startDynamo(files.dynamodb, await choosePort(ports.dynamodb));
        cleanups.push(() => e.stop());
        return e;
      })(),
      (async () => {
        const e = await startS3(
          files.s3,
          await choosePort(ports.s3),
          (Object.entries(buckets) as [BucketName, (typeof buckets)[BucketName]][]).map(([b, def]) => ({
            name: bucketNames[b],
            corsOrigins: def.corsForSite ? siteOrigins : [],
          })),
        );
        cleanups.push(() => e.stop());
        return e;
      })(),
      (async () => {
        const e = await startSes(files.mail, await choosePort(ports.ses));
        cleanups.push(() => e.stop());
        return e;
      })(),
      (async () => {
        const port = await choosePort(ports.cognito);
        const c: LocalCognito = await startCognito({
          dataDir: files.cognito,
          signOutsFile: files.signOuts,
          port,
          // Stable across restarts (even if the port changes), so tokens a browser holds stay valid.
          issuerDomain: persisted.issuerDomain ?? `http://${HOST}:${port}`,
          handlers,
          sendMail,
          quiet,
        });
        cleanups.push(() => c.stop());
        return c;
      })(),
    ]);
    const ses = sesStarted;
    mailer.ses = ses;
    cleanups.push(() => mailer.client?.destroy());

    const dynamoClient = new DynamoDBClient({ endpoint: dynamo.url, region: localRegion, credentials: localCredentials });
    const [tableNames, pool] = await Promise.all([
      ensureTables(dynamoClient, localStage).finally(() => dynamoClient.destroy()),
      cognito.ensurePool({ userPoolId: persisted.userPoolId, userPoolClientId: persisted.userPoolClientId }),
    ]);
    writeJson(files.stack, {
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      issuerDomain: cognito.issuerDomain,
      ports: { dynamodb: dynamo.port, s3: s3.port, ses: ses.port, cognito: Number(new URL(cognito.url).port), inbox: inbox.port },
    } satisfies PersistedStack);

    const issuer = `${cognito.issuerDomain}/${pool.userPoolId}`;
    const authorizer: AccessTokenVerifier = accessTokenVerifier({
      issuer,
      jwks: await fetchJwks(`${cognito.url}/${pool.userPoolId}/.well-known/jwks.json`),
      jwksUri: `${cognito.url}/${pool.userPoolId}/.well-known/jwks.json`,
      clientId: pool.userPoolClientId,
    });

    const env: Record<string, string> = {
      AWS_REGION: localRegion,
      AWS_DEFAULT_REGION: localRegion,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
      AWS_ENDPOINT_URL_S3: s3.url,
      AWS_ENDPOINT_URL_SESV2: ses.url,
      AWS_ENDPOINT_URL_SES: ses.url,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.url,
      // Every setting (secrets included): deployed, secrets come from Secrets Manager; locally from here.
      ...settingValues,
    };
    const physical = { table: (t: keyof typeof tableNames) => tableNames[t], bucket: (b: BucketName) => bucketNames[b] };
    for (const fn of Object.keys(functions) as FunctionName[]) {
      Object.assign(env, functionEnvironment(localStage, fn, settingValues, physical));
    }
    for (const b of Object.keys(buckets) as BucketName[]) env[bucketEnvName(b)] = bucketNames[b];
    if (quiet && !process.env.LOG_LEVEL) env.LOG_LEVEL = 'WARN';
    // The origin-check value CloudFront sends deployed: new at every start, added by the local API to each request.
    const originVerify = randomBytes(24).toString('base64url');
    env[originVerifyValueEnv] = originVerify;

    const runtimeConfig = runtimeConfigSchema.parse({
      stage: localStage,
      apiUrl: '',
      auth: {
        region: localRegion,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        userPoolEndpoint: cognito.url,
        authFlowType: 'USER_PASSWORD_AUTH',
      },
    });

    const description: LocalStackDescription = {
      siteUrl,
      apiUrl: siteUrl,
      mailboxUrl: `${ses.url}/`,
      webhookInboxUrl: inbox.url,
      endpoints: { dynamodb: dynamo.url, s3: s3.url, sesv2: ses.url, cognito: cognito.url },
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      issuer,
      region: localRegion,
      env,
      runtimeConfig,
      stateDir,
      pid: process.pid,
      startupMs: 0,
    };

    // The handlers run in this process and read their configuration from process.env, as in Lambda: set it
    // before the first handler module is imported, and give it back on stop.
    const previous = new Map<string, string | undefined>();
    const applied = { ...env, LOCAL_STACK: JSON.stringify(description) };
    for (const [k, v] of Object.entries(applied)) {
      previous.set(k, process.env[k]);
      process.env[k] = v;
    }
    // A session token from the operator's shell would be sent along with the dummy keys.
    previous.set('AWS_SESSION_TOKEN', process.env.AWS_SESSION_TOKEN);
    delete process.env.AWS_SESSION_TOKEN;
    resetClients();
    cleanups.push(() => {
      for (const [k, v] of previous) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetClients();
    });

    const api = createLocalApi({
      handlers,
      authorizer: () => authorizer,
      log,
      clientLimits: localClientLimits,
      trustForwardedFor: opts.trustForwardedFor ?? false,
      originVerify,
    });
    await site.ready({ api, runtimeConfig, web: opts.web ?? 'dist', connectOrigins: [cognito.url, s3.url] });

    const retryEvery = opts.deliveryRetryIntervalMs ?? schedules.deliveryRetry.everyMinutes * 60_000;
    if (retryEvery > 0) {
      const fn = schedules.deliveryRetry.fn;
      const schedule = startSchedule({ fn, everyMs: retryEvery, handlers, exists: () => handlerExists(fn), region: localRegion });
      cleanups.push(() => schedule.stop());
    }

    description.startupMs = Date.now() - started;
    process.env.LOCAL_STACK = JSON.stringify(description);
    lock.update({ siteUrl });

    let stopping: Promise<void> | undefined;
    return {
      ...description,
      invoke: (fn, event) => handlers.invoke(fn, event),
      webhookCalls: () => inbox.calls(),
      setWeb: (web) => site.setWeb(web),
      describe: () => ({ ...description }),
      stop: () => (stopping ??= runCleanups()),
    };
  } catch (error) {
    await runCleanups();
    throw error;
  }
}

async function fetchJwks(url: string) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`JWKS ${url} answered ${response.status}`);
  return (await response.json()) as { keys: { kid: string; kty: string; alg: string; n: string; e: string; use: string }[] };
}
