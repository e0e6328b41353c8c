/**
 * The local stack for the load bench, in a process of its own so the load generator does not share its event
 * loop with the server it measures. Started by test/bench/load.ts with fork(); answers over IPC:
 *   -> { type: 'ready', stack }            once the stack serves (its description)
 *   -> { type: 'warmed', ms, imports }     once its function hosts have imported every function (in the background)
 *   <- { type: 'retry', id }               run the delivery-retry job now (the handler the schedule runs)
 *   -> { type: 'retried', id, summary }
 *   <- { type: 'stop' }                    stop the stack and exit (also when the bench goes away)
 *
 * The stack counts clients by X-Forwarded-For (`trustForwardedFor`, test-only) so the bench can play many
 * visitors from one machine, and its own retry timer is off: the bench runs the job itself, every few seconds
 * instead of every minute (see README, "Load bench").
 */
import { schedules } from '@shared/deployment/manifest';
import { scheduledEvent } from '../../../infra/local/schedule';
import { startLocalStack } from '../../../infra/local/stack';
import { testSettings } from '../../helpers/local-stack';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface StackProcessOptions {
  stateDir: string;
  /** The built web app to serve, or undefined for none. */
  webDir?: string;
  /** Test-only fault (StartOptions.answerWaitsOnDelivery): the visitor's answer waits for the delivery. */
  answerWaitsOnDelivery?: boolean;
}

type Message = { type: 'retry'; id: number } | { type: 'stop' };

const options = JSON.parse(process.argv[2] ?? '{}') as StackProcessOptions;
const started = performance.now();
const stack = await startLocalStack({
  port: 0,
  stateDir: options.stateDir,
  reset: true,
  web: options.webDir ? 'dist' : 'none',
  webDir: options.webDir,
  quiet: true,
  envFile: false,
  settings: testSettings(),
  trustForwardedFor: true,
  deliveryRetryIntervalMs: 0,
  answerWaitsOnDelivery: options.answerWaitsOnDelivery ?? false,
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
void stack.warmed.then((imports) => process.send?.({ type: 'warmed', ms: Math.round(performance.now() - started), imports }));
