/**
 * Starts ONE local stack for the whole `integration` project (port 0, a fresh temporary state folder, the
 * delivery-retry job every 2 s) and hands its description to the test workers, where setup-env.ts applies it.
 * The built web app is served when web/dist exists (`npm test` builds it first).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStackDescription } from '../../infra/local/stack';
import { distDir } from '../../infra/local/site-server';
import { testBookingDefaults, testSettings } from '../helpers/local-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackDescription;
  }
}

// The tests may run on Node 20 (package.json allows >=20.19) while the Lambdas run on nodejs22.x: the SDK's "Node 22 from 2027" notice would repeat in every log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stateDir = mkdtempSync(join(tmpdir(), 'agency-it-'));
  const stack = await startLocalStack({
    port: 0,
    stateDir,
    web: existsSync(join(distDir, 'index.html')) ? 'dist' : 'none',
    // A Stripe webhook secret, so tests can send signed events through the local API as Stripe would, and the
    // stage's booking defaults, as a deployed stage gets them from infra/stages.ts.
    settings: { ...testSettings(), STRIPE_WEBHOOK_SECRET: 'whsec_integration_stack', BOOKING_DEFAULTS: JSON.stringify(testBookingDefaults) },
    envFile: false,
    deliveryRetryIntervalMs: 2000,
    quiet: true,
    // Each test file plays its own visitor (test/helpers/local-api.ts), so the per-client limit on the write
    // routes counts every file apart, as it would count separate visitors.
    trustForwardedFor: true,
  });
  project.provide('localStack', stack.describe());
  return async () => {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
