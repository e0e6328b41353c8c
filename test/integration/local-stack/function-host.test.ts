/**
 * The function hosts of the local stack (infra/local/function-hosts.ts): the functions run in threads of their own,
 * their answers and errors come back intact, asynchronous invocations run in a second host of their own, a stopped host is
 * replaced by the next invocation, and both hosts can be warmed before the first invocation (the stack does it at start). The functions reach the shared test stack's emulators (test/integration/setup-env.ts).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { FunctionHosts, laneFunctions } from '../../../infra/local/function-hosts';

/** How many threads this process has (Linux: /proc/self/task). */
function threadCount(): number {
  return readdirSync('/proc/self/task').length;
}

const linux = process.platform === 'linux';
const handlers = new FunctionHosts();
afterAll(() => handlers.stop());

describe('the local function hosts', () => {
  it('run a function and answer its result', async () => {
    // No such submission: the delivery function finds nothing to lease and says so.
    expect(await handlers.invoke('submissionDelivery', { id: randomUUID(), version: 1 })).toEqual({ outcome: 'skipped' });
  });

  it.runIf(linux)('run it in a thread of their own', async () => {
    const fresh = new FunctionHosts();
    const threads = threadCount();
    await fresh.invoke('submissionDelivery', { id: randomUUID(), version: 1 });
    expect(threadCount()).toBeGreaterThan(threads);
    await fresh.stop();
    // Threads come and go in this process (one ended mid-count once); the host's own must be gone.
    await expect.poll(() => threadCount()).toBe(threads);
  });

  it("hand back a function's error with its message", async () => {
    await expect(handlers.invoke('submissionDelivery', {})).rejects.toThrow('A submissionDelivery event carries { id, version }');
  });

  it.runIf(linux)('run asynchronous invocations in a second host, a thread of its own', async () => {
    const fresh = new FunctionHosts();
    await fresh.invoke('submissionDelivery', { id: randomUUID(), version: 1 });
    const threads = threadCount();
    expect(await fresh.invoke('submissionDelivery', { id: randomUUID(), version: 1 }, 'background')).toEqual({ outcome: 'skipped' });
    expect(threadCount()).toBeGreaterThan(threads);
    await fresh.stop();
  });

  it('warm up at start: each lane imports its functions and warms the shared AWS clients, before any invocation', async () => {
    const fresh = new FunctionHosts();
    const took = await fresh.warm();
    expect(Object.keys(took.background).sort()).toEqual([...laneFunctions('background'), 'AWS clients'].sort());
    expect(Object.keys(took.request).sort()).toEqual([...laneFunctions('request'), 'AWS clients'].sort());
    expect(laneFunctions('background')).toEqual(expect.arrayContaining(['submissionDelivery', 'deliveryRetry']));
    expect(laneFunctions('request')).toEqual(expect.arrayContaining(['demoRequests', 'contactMessages', 'ideas']));
    // Warm: the module is there, so the first invocation runs the handler at once.
    expect(await fresh.invoke('submissionDelivery', { id: randomUUID(), version: 1 }, 'background')).toEqual({ outcome: 'skipped' });
    await fresh.stop();
  });

  it('start a new host for the next invocation after a stop', async () => {
    await handlers.stop();
    expect(await handlers.invoke('submissionDelivery', { id: randomUUID(), version: 1 })).toEqual({ outcome: 'skipped' });
  });
});
