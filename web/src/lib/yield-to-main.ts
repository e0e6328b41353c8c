/**
 * Ends the current task and continues in a new one, so that the browser can paint and answer input in between.
 * A phone runs the app's start several times slower than a laptop: one task that evaluates React, matches the
 * route and starts hydration blocks input for a few hundred milliseconds there (Total Blocking Time counts every
 * task over 50 ms). `scheduler.yield()` (Chromium) puts the continuation ahead of other queued tasks; elsewhere a
 * zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));
}
