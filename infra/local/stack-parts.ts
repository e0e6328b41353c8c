/**
 * The parts infra/local/stack.ts assembles that are not a service module of their own: the function hosts and the
 * site server as services, the buckets' CORS, the tables, the stand-in's Stripe settings, the web app's
 * /config.json and the API's JWT authorizer.
 */
import { resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { buckets, userPool, type BucketName } from '@shared/deployment/manifest';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contract/runtime-config';
import type { SettingName } from '@shared/deployment/settings';
import { FunctionHosts } from './function-hosts';
import { localBucketNames, localCredentials, localRegion, localStage } from './lambda-env';
import { listen, closeServer } from './net';
import { ensureTables } from './provision';
import type { LocalService } from './service';
import { createSiteServer, type SiteServer } from './site-server';
import type { StripeStandIn } from './stripe/stand-in';
import { accessTokenVerifier } from './tokens';

export function functionHosts(): LocalService<FunctionHosts> {
  return { name: 'function hosts', start: async () => new FunctionHosts() };
}

/** The site server, listening at once; it answers once `ready` hands it the API and the runtime config. */
export interface RunningSite extends Pick<SiteServer, 'ready' | 'setWeb' | 'stop'> {
  url: string;
  port: number;
}

export function siteServer(webDir: string | undefined, port: number): LocalService<RunningSite> {
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

export function bucketsWithCors(siteOrigins: readonly string[]) {
  return (Object.entries(buckets) as [BucketName, (typeof buckets)[BucketName]][]).map(([b, def]) => ({
    name: localBucketNames[b],
    corsOrigins: def.corsForSite ? siteOrigins : [],
  }));
}

export async function provisionTables(dynamodbUrl: string) {
  const client = new DynamoDBClient({ endpoint: dynamodbUrl, region: localRegion, credentials: localCredentials });
  try {
    return await ensureTables(client, localStage);
  } finally {
    client.destroy();
  }
}

/** The Stripe settings of a stack with the stand-in: its API, its portal login page, a test key and the endpoint's secret. */
export function standInSettings(stripe: StripeStandIn, webhookSecret: string): Partial<Record<SettingName, string>> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_local_stand_in',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_PORTAL_LOGIN_URL: stripe.portalLoginUrl,
  };
}

/** What the web app reads from /config.json: the local pool, reached through cognito-local's endpoint. */
export function webRuntimeConfig(cognito: { url: string; userPoolId: string; userPoolClientId: string }, portalLoginUrl: string): RuntimeConfig {
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
export async function poolAuthorizer(cognito: { url: string; userPoolId: string; userPoolClientId: string }, issuer: string) {
  const jwksUri = `${cognito.url}/${cognito.userPoolId}/.well-known/jwks.json`;
  const response = await fetch(jwksUri);
  if (!response.ok) throw new Error(`JWKS ${jwksUri} answered ${response.status}`);
  const jwks = (await response.json()) as { keys: { kid: string; kty: string; alg: string; n: string; e: string; use: string }[] };
  return accessTokenVerifier({ issuer, jwks, jwksUri, clientId: cognito.userPoolClientId, scope: userPool.signedInScope });
}
