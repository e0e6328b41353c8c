/** Stops the local stack of global-setup.ts and removes its temporary state folder. */
import { rmSync } from 'node:fs';
import type { LocalStack } from '../../infra/local/stack';

export default async function globalTeardown(): Promise<void> {
  const key = Symbol.for('agency.browserTests.localStack');
  const stack = (globalThis as Record<symbol, LocalStack | undefined>)[key];
  await stack?.stop();
  const stateDir = process.env.LOCAL_STACK_STATE_DIR;
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}
