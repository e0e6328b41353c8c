/**
 * The local stack for bench:staff, in a process of its own so the bench's requests do not share its event loop.
 * Started by test/bench/staff.ts with fork(): answers { type: 'ready', stack } once it serves; { type: 'stop' }
 * (or the bench going away) stops it. No retry job and no expiry sweep: nothing but the requests measured runs.
 */
import { startLocalStack } from '../../../infra/local/stack';
import { testSettings } from '../../helpers/local-stack';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { stateDir } = JSON.parse(process.argv[2] ?? '{}') as { stateDir: string };
const stack = await startLocalStack({
  port: 0,
  stateDir,
  reset: true,
  web: 'none',
  quiet: true,
  envFile: false,
  settings: testSettings(),
  trustForwardedFor: true,
  deliveryRetryIntervalMs: 0,
  expiryIntervalMs: 0,
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void stop();
});
process.on('disconnect', () => void stop());
process.send?.({ type: 'ready', stack: stack.describe() });
