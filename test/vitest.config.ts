import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three projects, run by `npm test` through test/run-all.ts:
 * - unit: plain logic and React components (component files opt into happy-dom with a docblock);
 * - integration: handlers and emulators through one local stack started by test/integration/global-setup.ts;
 * - infra: CDK assertions and cdk-nag on the synthesized stacks.
 */
export default defineConfig({
  plugins: [react()],
  // `@shared/...` comes from tsconfig.json's paths, the one place the alias is defined.
  resolve: { tsconfigPaths: true },
  test: {
    root: new URL('..', import.meta.url).pathname,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/integration/global-setup.ts'],
          setupFiles: ['test/integration/setup-env.ts'],
          // One local stack serves every file; files run one after another so their data do not interleave.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
