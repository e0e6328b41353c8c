/**
 * What the CPU throttling of the interaction bench costs the machine it runs on, printed beside the figures so that
 * a reader can tell the page's work from the machine's.
 *
 * DevTools' CPU throttling (`Emulation.setCPUThrottlingRate`) does not give the page a slower CPU: it makes the
 * page's main thread spin. On Linux a helper thread signals the main thread every 200 µs, and the signal handler
 * busy-waits (rate − 1) times as long as the thread last ran (Blink's ThreadCPUThrottler). The spinning thread holds
 * a core, whether the page is working or idle. The threads the throttle leaves alone (raster, the compositor, the
 * GPU process, the bench itself) share the other cores. On a phone they have cores of their own; on a machine with
 * two cores they have one, and an interaction that repaints much of the page waits on them.
 */
import { availableParallelism } from 'node:os';
import type { Browser, Page } from '@playwright/test';

export interface ThrottleCost {
  /** Cores of this machine. */
  cores: number;
  /** Share of one core the page's renderer uses while the page does nothing, per CPU slowdown (1 = unthrottled). */
  idleRendererCore: Record<number, number>;
}

interface ProcessInfo {
  type: string;
  id: number;
  /** Seconds of CPU time since the process started. */
  cpuTime: number;
}

/** CPU seconds of every renderer process, by process id. */
const rendererCpu = (processes: readonly ProcessInfo[]) => new Map(processes.filter((p) => p.type === 'renderer').map((p) => [p.id, p.cpuTime]));

/** Share of a core the renderers used between two readings `seconds` apart (a renderer started between them counts from 0). */
export function coreShare(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>, seconds: number): number {
  let used = 0;
  for (const [id, cpu] of after) used += cpu - (before.get(id) ?? 0);
  return seconds > 0 ? used / seconds : 0;
}

/** Runs `act` with the page's CPU slowed down `rate` times (1: full speed), then at full speed again. */
export async function slowedDown<T>(page: Page, rate: number, act: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    return await act();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/** Measures, for each slowdown, the renderer's CPU use on an idle page over `seconds` (Chromium's process info). */
export async function measureThrottleCost(browser: Browser, slowdowns: readonly number[], seconds = 2): Promise<ThrottleCost> {
  const context = await browser.newContext();
  const idleRendererCore: Record<number, number> = {};
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>idle</title><p>Nothing happens on this page.</p>');
    // The first second after a page opens is its own work (the first frames, the new process settling).
    await page.waitForTimeout(1000);
    const system = await browser.newBrowserCDPSession();
    const read = async () => rendererCpu(((await system.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo[] }).processInfo);
    for (const rate of slowdowns) {
      idleRendererCore[rate] = await slowedDown(page, rate, async () => {
        await page.waitForTimeout(300);
        const before = await read();
        const start = performance.now();
        await page.waitForTimeout(seconds * 1000);
        return coreShare(before, await read(), (performance.now() - start) / 1000);
      });
    }
    await system.detach();
  } finally {
    await context.close();
  }
  return { cores: availableParallelism(), idleRendererCore };
}
