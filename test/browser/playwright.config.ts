/**
 * Browser tests: Playwright's runner with Debian's Chromium (no browser download), against ONE local stack that
 * global-setup.ts starts on a free port, serving the built site (web/dist; `npm test` builds it first).
 *
 *   npx playwright test -c test/browser/playwright.config.ts [file]
 *
 * Chromium comes from CHROMIUM_PATH or PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH, else /usr/bin/chromium.
 */
import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../helpers/chromium';

/**
 * The site's port is chosen here, once, and pinned in the environment: the config is evaluated again in every
 * worker, and all of them must agree on the baseURL before the stack exists.
 */
function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
process.env.LOCAL_STACK_PORT ??= String(freePort());

const workers = Number(process.env.PLAYWRIGHT_WORKERS ?? 2);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  outputDir: '../../test-results/browser',
  // Two cores: two workers at most, files in parallel, the tests of one file in order.
  workers: Math.min(Math.max(workers, 1), 2),
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  // Generous: a test's budget is no speed claim (benchmarks measure speed); on a busy 2-core machine the longest
  // account and axe tests were seen near 40 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${process.env.LOCAL_STACK_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: {
          executablePath: chromiumPath,
          args: [...chromiumFlags],
        },
      },
    },
  ],
});
