/**
 * The local stand-in for the Lambda runtime (infra/local/lambda-runtime.ts): functions sharing one thread each run
 * as themselves, so each reads only the secrets its FunctionDef declares, as deployed where each has its own
 * instance; and each handler gets a context with its name and remaining time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lambdaContext, runAsFunction } from '../../../../infra/local/lambda-runtime';
import { resetSecretCache, SecretNotGranted, secretSetting } from '../../../../lambdas/lib/secrets';

const saved = { STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY, WEBHOOK_SIGNING_SECRET: process.env.WEBHOOK_SIGNING_SECRET };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetSecretCache();
});

describe('functions sharing one thread', () => {
  it('each invocation reads only what its function declares', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_local';
    process.env.WEBHOOK_SIGNING_SECRET = 'local-signing';
    await runAsFunction('deliveryRetry', async () => {
      await expect(secretSetting('STRIPE_SECRET_KEY')).rejects.toThrow(SecretNotGranted);
      expect(await secretSetting('WEBHOOK_SIGNING_SECRET')).toBe('local-signing');
    });
    await runAsFunction('stripeWebhook', async () => {
      await expect(secretSetting('WEBHOOK_SIGNING_SECRET')).rejects.toThrow(SecretNotGranted);
      expect(await secretSetting('STRIPE_SECRET_KEY')).toBe('sk_test_local');
    });
    await runAsFunction('contactMessages', async () => {
      await expect(secretSetting('WEBHOOK_SIGNING_SECRET')).rejects.toThrow(SecretNotGranted);
      await expect(secretSetting('STRIPE_SECRET_KEY')).rejects.toThrow(SecretNotGranted);
    });
  });

  it('each sees its own name, also while others run at the same time', async () => {
    const seen: string[] = [];
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all(
      (['prompts', 'ideas'] as const).map((fn) =>
        runAsFunction(fn, async () => {
          await pause();
          seen.push(`${fn}:${process.env.POWERTOOLS_SERVICE_NAME}`);
        }),
      ),
    );
    expect(seen.sort()).toEqual(['ideas:ideas', 'prompts:prompts']);
    expect(process.env.POWERTOOLS_SERVICE_NAME).toBeUndefined();
    process.env.LAMBDA_RUNTIME_TEST = 'written through';
    expect(Object.keys(process.env)).toContain('LAMBDA_RUNTIME_TEST');
    delete process.env.LAMBDA_RUNTIME_TEST;
  });
});

describe('the context', () => {
  it("names the function as deployed and counts down to its deadline", () => {
    const context = lambdaContext('submissionDelivery', Date.now() + 30_000);
    expect(context.functionName).toBe('agency-local-submissionDelivery');
    expect(context.memoryLimitInMB).toBe('512');
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(29_000);
    expect(lambdaContext('deliveryRetry', Date.now() - 1).getRemainingTimeInMillis()).toBe(0);
  });
});
