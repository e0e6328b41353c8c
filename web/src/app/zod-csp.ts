/**
 * zod 4's fast path probes `new Function(...)`; under the site's CSP (no 'unsafe-eval') the browser reports that
 * probe as a violation (a console error and a DevTools issue) even though zod catches it. `z.config({ jitless:
 * true })` turns the probe off, but importing zod here would put it on every page's critical path, so this sets
 * the same global zod reads its config from (test/unit/web/src/app/zod-csp.test.ts checks that zod still honours it).
 * Call it before any schema runs: main.tsx does, first thing.
 */
export function disableZodEval(): void {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
}
