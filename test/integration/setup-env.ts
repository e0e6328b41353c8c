/**
 * Runs in every integration test worker before each file: the environment of the one local stack
 * (global-setup.ts), so handlers imported by a test reach the emulators as they do under `npm start`, and
 * `LOCAL_STACK` (its JSON description) for the helpers in test/helpers.
 */
import { inject } from 'vitest';

const stack = inject('localStack');
for (const [key, value] of Object.entries(stack.env)) process.env[key] = value;
delete process.env.AWS_SESSION_TOKEN;
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOCAL_STACK = JSON.stringify(stack);
