/** The local stand-in for the EventBridge schedule of the delivery-retry job. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { schedules, type FunctionName } from '@shared/deployment/manifest';
import { startSchedule } from '../../../infra/local/schedule';

describe('local schedule', () => {
  it('invokes the function with a scheduled event, one run at a time, and waits for a run on stop', async () => {
    const calls: { fn: FunctionName; event: Record<string, unknown>; at: number }[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    let finished = 0;
    const handlers = {
      async invoke(fn: FunctionName, event: unknown) {
        calls.push({ fn, event: event as Record<string, unknown>, at: Date.now() });
        maxConcurrent = Math.max(maxConcurrent, ++concurrent);
        await sleep(120); // slower than the interval
        concurrent--;
        finished++;
        return undefined;
      },
    };
    const schedule = startSchedule({ fn: schedules.deliveryRetry.fn, everyMs: 30, hosts: handlers, exists: () => true, region: 'us-east-1' });
    await sleep(500);
    await schedule.stop();
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(maxConcurrent).toBe(1);
    expect(finished).toBe(calls.length);
    expect(calls[0]).toMatchObject({ fn: schedules.deliveryRetry.fn, event: { source: 'aws.events', 'detail-type': 'Scheduled Event' } });
    const count = calls.length;
    await sleep(100);
    expect(calls.length).toBe(count);
  });

  it('does nothing while the handler does not exist', async () => {
    let invoked = 0;
    const schedule = startSchedule({
      fn: schedules.deliveryRetry.fn,
      everyMs: 20,
      hosts: { invoke: async () => void invoked++ },
      exists: () => false,
      region: 'us-east-1',
    });
    await sleep(150);
    await schedule.stop();
    expect(invoked).toBe(0);
  });
});
