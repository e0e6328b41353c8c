/**
 * What the local stack is given (`StartOptions`) and what it answers (`LocalStack`, and its serialisable
 * `LocalStackDescription`), for infra/local/stack.ts and those who start it.
 */
import type { FunctionName } from '@shared/deployment/manifest';
import type { RuntimeConfig } from '@shared/contract/runtime-config';
import type { SettingName } from '@shared/deployment/settings';
import type { Lane } from './function-hosts';
import type { WebMode } from './site-server';
import type { WebhookCall } from './webhook-inbox';

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
   * Off: no Stripe key, so Buy Now answers the fallback checkout (the local default).
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
