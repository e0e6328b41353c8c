/**
 * The app's start yields between its steps so that the browser can paint and answer input in between: the step
 * after a yield must run in a later task, never in the same one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from '../../../../../web/src/lib/yield-to-main';

const holder = globalThis as { scheduler?: unknown };

afterEach(() => {
  delete holder.scheduler;
  vi.useRealTimers();
});

describe('yieldToMain', () => {
  it('continues in a later task (a zero timeout) where the browser has no scheduler.yield', async () => {
    vi.useFakeTimers();
    let continued = false;
    void yieldToMain().then(() => (continued = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(continued).toBe(false);
    await vi.runAllTimersAsync();
    expect(continued).toBe(true);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yielded = vi.fn<() => Promise<void>>(() => Promise.resolve());
    holder.scheduler = { yield: yielded };
    await yieldToMain();
    expect(yielded).toHaveBeenCalledTimes(1);
  });
});
