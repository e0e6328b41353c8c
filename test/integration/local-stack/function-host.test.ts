/**
 * The function hosts of the local stack (infra/local/function-hosts.ts): the functions run in threads of their own,
 * their answers and errors come back intact, asynchronous invocations run in a second host whose thread has a
 * lower scheduling priority (so a burst's deliveries yield to the visitors' requests), a stopped host is
 * replaced by the next invocation, and both hosts can be warmed before the first invocation (the stack does it at start). The functions reach the shared test stack's emulators (test/integration/setup-env.ts).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { FunctionHosts, laneFunctions } from '../../../infra/local/function-hosts';

/** The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      return []; // a thread that ended between the listing and the read (seen once: ENOENT)
    }
    // Fields after the command name (which may contain spaces), from field 3 on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(fields[16])];
  });
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
    const threads = threadNiceness().length;
    await fresh.invoke('submissionDelivery', { id: randomUUID(), version: 1 });
    expect(threadNiceness().length).toBeGreaterThan(threads);
    await fresh.stop();
    // Threads come and go in this process (one ended mid-count once); the host's own must be gone.
    await expect.poll(() => threadNiceness().length).toBe(threads);
  });

  it("hand back a function's error with its message", async () => {
    await expect(handlers.invoke('submissionDelivery', {})).rejects.toThrow('A submissionDelivery event carries { id, version }');
  });

  it.runIf(linux)('run asynchronous invocations in a second host whose thread has a lower priority', async () => {
    const before = threadNiceness().filter((n) => n === 10).length;
    expect(await handlers.invoke('submissionDelivery', { id: randomUUID(), version: 1 }, 'background')).toEqual({ outcome: 'skipped' });
    expect(threadNiceness().filter((n) => n === 10).length).toBe(before + 1);
    // The request lane is untouched: this thread and the first host still run at the normal priority.
    expect(threadNiceness().filter((n) => n === 0).length).toBeGreaterThan(1);
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
