/**
 * The schedules of shared/deployment/manifest.ts, on a timer: deployed, EventBridge invokes the function every N minutes;
 * locally the same handler gets the same kind of event. One run at a time (a slow run is not overlapped, as a
 * reserved concurrency of 1 would ensure), and nothing happens while the handler's file does not exist yet.
 */
import { randomUUID } from 'node:crypto';
import { resourceName, type FunctionName } from '@shared/deployment/manifest';
import type { FunctionHosts } from './function-hosts';
import type { LocalService } from './service';

export function scheduledEvent(fn: FunctionName, region: string) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/${resourceName('local', fn)}`],
    detail: {},
  };
}

export interface Schedule {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

interface ScheduleOptions {
  fn: FunctionName;
  everyMs: number;
  hosts: Pick<FunctionHosts, 'invoke'>;
  exists: () => boolean;
  region: string;
}

export function scheduleService(opts: ScheduleOptions): LocalService<Schedule> {
  return { name: `schedule of ${opts.fn}`, start: async () => startSchedule(opts) };
}

export function startSchedule(opts: ScheduleOptions): Schedule {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running || !opts.exists()) return;
    running = opts.hosts
      .invoke(opts.fn, scheduledEvent(opts.fn, opts.region), 'background')
      .then(() => undefined)
      .catch((error: unknown) => console.error(`[schedule] ${opts.fn} failed:`, error))
      .finally(() => {
        running = undefined;
      });
  }, opts.everyMs);
  // The schedule alone must not keep a process (a test runner) alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
