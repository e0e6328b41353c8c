/**
 * The budgets of `npm run bench:load` that judge speed, as ratios within one run so that they measure the product
 * and not the machine (issue 23). On a quiet 2-core machine the normal phase alone, with no webhook fault at all,
 * had a p99 of 425-676 ms at concurrency 50: an absolute p99 budget (300 ms) failed there although delivery added
 * nothing to the visitor's wait, and passed on a faster machine whatever the product did.
 *
 * - The visitor's answer does not wait on delivery: with the 'prod' webhook slow and then failing, each form's p99
 *   is at most `latencyRatioBudget` x its p99 in the normal phase of the same run.
 * - Each form's throughput is at least `staticShareFloor` of what the same server answers for a static file in the
 *   same phase (the machine's own yardstick for what one request costs there).
 */

/** The slow-webhook phase's p99 over the normal phase's, per form, at most this. */
export const latencyRatioBudget = 1.25;

/** A form's requests per second over the static file's, in the same phase, at least this. */
export const staticShareFloor = 0.05;

export interface LatencyRatio {
  endpoint: string;
  normalP99: number;
  slowP99: number;
  ratio: number;
  met: boolean;
}

/** Each endpoint's slow-webhook p99 against its normal p99 (endpoints measured in both phases only). */
export function slowWebhookRatios(normal: ReadonlyMap<string, number>, slow: ReadonlyMap<string, number>, budget = latencyRatioBudget): LatencyRatio[] {
  return [...normal].flatMap(([endpoint, normalP99]) => {
    const slowP99 = slow.get(endpoint);
    if (slowP99 === undefined) return [];
    const ratio = slowP99 / normalP99;
    return [{ endpoint, normalP99, slowP99, ratio, met: Number.isFinite(ratio) && ratio <= budget }];
  });
}

/** A form's throughput as a share of the static file's, and whether it meets the floor. */
export function staticShare(formRps: number, staticRps: number, floor = staticShareFloor): { share: number; met: boolean } {
  const share = formRps / staticRps;
  return { share, met: Number.isFinite(share) && share >= floor };
}
