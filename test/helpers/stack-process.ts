/**
 * A local stack in a process of its own: for the load bench (its load generator must not share the event loop of
 * the server it measures) and for tests that need a second stack configured otherwise than the shared one (the
 * purchase browser tests: the Stripe stand-in and a stage that sells prompts). Two stacks cannot share a process:
 * the handlers read their configuration from process.env. Started with `startSeparateStack` (./separate-stack.ts)
 * through fork(); answers over IPC:
 *   -> { type: 'ready', stack }            once the stack serves (its description)
 *   <- { type: 'retry', id }               run the delivery-retry job now (the handler the schedule runs)
 *   -> { type: 'retried', id, summary }
 *   <- { type: 'stop' }                    stop the stack and exit (also when the parent goes away)
 */
import { schedules } from '@shared/deployment/manifest';
import type { SettingName } from '@shared/deployment/settings';
import { scheduledEvent } from '../../infra/local/schedule';
import { startLocalStack } from '../../infra/local/stack';
import { testSettings } from './local-stack';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface StackProcessOptions {
  stateDir: string;
  /** The built web app to serve, or undefined for none. */
  webDir?: string;
  /** Settings over the tests' defaults (testSettings). */
  settings?: Partial<Record<SettingName, string>>;
  /** Run the local Stripe stand-in and point the Stripe settings at it. */
  stripe?: boolean;
  /** Test-only: count clients by X-Forwarded-For (the load bench plays many visitors). Default false. */
  trustForwardedFor?: boolean;
  /** How often the delivery-retry job runs; 0 = never (the parent asks with `retry`). Default 0. */
  deliveryRetryIntervalMs?: number;
}

type Message = { type: 'retry'; id: number } | { type: 'stop' };

const options = JSON.parse(process.argv[2] ?? '{}') as StackProcessOptions;
const stack = await startLocalStack({
  port: 0,
  stateDir: options.stateDir,
  reset: true,
  web: options.webDir ? 'dist' : 'none',
  webDir: options.webDir,
  quiet: true,
  envFile: false,
  settings: { ...testSettings(), ...options.settings },
  stripe: options.stripe ?? false,
  trustForwardedFor: options.trustForwardedFor ?? false,
  deliveryRetryIntervalMs: options.deliveryRetryIntervalMs ?? 0,
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};

process.on('message', (message: Message) => {
  if (message.type === 'stop') {
    void stop();
    return;
  }
  const fn = schedules.deliveryRetry.fn;
  stack
    .invoke(fn, scheduledEvent(fn, stack.region))
    .then((summary) => process.send?.({ type: 'retried', id: message.id, summary }))
    .catch((error: unknown) => process.send?.({ type: 'retried', id: message.id, error: String(error) }));
});
process.on('disconnect', () => void stop());
process.send?.({ type: 'ready', stack: stack.describe() });
