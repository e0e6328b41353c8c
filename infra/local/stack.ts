/**
 * The whole site offline, in one process (the functions in a thread of their own, ./function-hosts.ts): DynamoDB,
 * S3, SES and Cognito stand-ins on 127.0.0.1, provisioned from shared/deployment/manifest.ts; the API (real handlers behind a local API Gateway with its JWT authorizer); the web
 * app and its runtime /config.json; a webhook inbox; a Lambda service answering Invoke calls (the asynchronous
 * hand-off of stored submissions to their delivery function); the delivery-retry schedule on a timer.
 *
 * `npm start` (infra/local/start.ts), the integration tests (test/integration/global-setup.ts) and the browser
 * tests (test/browser/global-setup.ts) all start it through `startLocalStack`. What it is given and answers:
 * ./stack-types.ts; the smaller parts it assembles: ./stack-parts.ts.
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { localClientLimits, originVerifyValueEnv, schedules } from '@shared/deployment/manifest';
import { createLocalApi } from './api-gateway';
import { localCognito } from './cognito/server';
import { dynamodbEmulator, s3Emulator, sesEmulator, stateFiles } from './emulators';
import { expiryService } from './expiry';
import { handlerExists } from './function-hosts';
import { lambdaEnvironment, localRegion, processEnvironment } from './lambda-env';
import { localLambdaService } from './lambda-service';
import { HOST } from './net';
import { scheduleService } from './schedule';
import { RunningServices } from './service';
import { readDotEnv, resolveSettings } from './settings';
import { bucketsWithCors, functionHosts, poolAuthorizer, provisionTables, siteServer, standInSettings, webRuntimeConfig } from './stack-parts';
import type { LocalStack, LocalStackDescription, StartOptions } from './stack-types';
import { defaultStateDir, readJson, repoRoot, stateFolder, writeJson } from './state';
import { stripeStandIn } from './stripe/stand-in';
import { webhookInbox } from './webhook-inbox';

export { StackAlreadyRunningError } from './state';
export { PortInUseError } from './net';
export { TableSchemaMismatchError } from './provision';
export type { WebhookCall } from './webhook-inbox';
export type { LocalStack, LocalStackDescription, StartOptions } from './stack-types';

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
