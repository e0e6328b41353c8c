/**
 * Starts the local stack the browser tests share: the built site on the port playwright.config.ts pinned, a
 * fresh temporary state folder, the local default settings. Tests find its URLs in `LOCAL_STACK`
 * (test/helpers/local-stack.ts); global-teardown.ts stops it.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { distDir } from '../../infra/local/site-server';
import { chromiumPath } from '../helpers/chromium';
import { testSettings } from '../helpers/local-stack';

export const stackKey = Symbol.for('agency.browserTests.localStack');

// The tests may run on Node 20 (package.json allows >=20.19) while the Lambdas run on nodejs22.x: the SDK's "Node 22 from 2027" notice would repeat in every log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default async function globalSetup(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build:web` first (`npm test` does).');
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  const stateDir = mkdtempSync(join(tmpdir(), 'agency-browser-'));
  const stack = await startLocalStack({
    port: Number(process.env.LOCAL_STACK_PORT),
    stateDir,
    web: 'dist',
    settings: testSettings(),
    envFile: false,
    deliveryRetryIntervalMs: 2000,
    quiet: true,
  });
  // startLocalStack also sets LOCAL_STACK; the workers Playwright starts next inherit it.
  process.env.LOCAL_STACK = JSON.stringify(stack.describe());
  process.env.LOCAL_STACK_STATE_DIR = stateDir;
  (globalThis as Record<symbol, LocalStack>)[stackKey] = stack;
}
