/**
 * The scheduled retry job (the `deliveryRetry` function, every minute): what the delivery function's first attempt
 * left due (a failed delivery after its backoff, a hand-off that never ran once its lease ended, a delivery held
 * until its due time) is attempted again through the engine's own attempt (./engine.ts), under a lease of its own.
 */
import { attemptDeliveries, DEFAULT_ATTEMPT_TIMEOUT_MS, takeLease, type DeliveringDeps } from './engine';
import type { DeliveryStore, DueDeliveries } from './ports';
import { describeDeliveries, isDue } from './record';

/** What the retry job uses: delivering, and the list of what is due. */
export type RetryingDeps = Omit<DeliveringDeps, 'store'> & { readonly store: DeliveryStore & DueDeliveries };

/** What the retry job keeps in hand besides one attempt's timeout: the outcome write and the function's exit. */
const RETRY_TIME_MARGIN_MS = 5_000;

export interface RetrySummary {
  readonly examined: number;
  readonly attempted: number;
  readonly sent: number;
  readonly failed: number;
  readonly pending: number;
  /** True when the job stopped taking records because too little of its run time was left for one more attempt. */
  readonly outOfTime: boolean;
}

/**
 * The scheduled job: takes a lease on each due submission, then attempts its due deliveries. Before each record
 * it checks `remainingMs` (the function's time left): with less than one attempt's timeout plus a margin, it
 * stops and leaves the rest for the next run, rather than being cut off mid-attempt with the outcome unwritten.
 */
export async function retryDueDeliveries(
  deps: RetryingDeps,
  options: { readonly limit?: number; readonly remainingMs?: () => number } = {},
): Promise<RetrySummary> {
  const now = deps.clock.now();
  const due = await deps.store.listDue(now, options.limit ?? 25);
  const needed = (deps.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS) + RETRY_TIME_MARGIN_MS;
  let attempted = 0;
  let sent = 0;
  let failed = 0;
  let pending = 0;
  let outOfTime = false;
  for (const record of due) {
    const remaining = options.remainingMs?.() ?? Number.POSITIVE_INFINITY;
    if (remaining < needed) {
      outOfTime = true;
      deps.log.info('retry run stops: too little time left for another attempt', { remainingMs: remaining, neededMs: needed });
      break;
    }
    const leased = await takeLease(deps, record.id, record.version);
    if (!leased) continue; // another worker took it
    const before = Object.values(leased.deliveries).filter((d) => isDue(d, now)).length;
    attempted += before;
    const after = await attemptDeliveries(deps, leased);
    for (const [target, d] of Object.entries(after.deliveries)) {
      const was = leased.deliveries[target];
      if (!was || !isDue(was, now)) continue;
      if (d.state === 'sent') sent += 1;
      else if (d.state === 'failed') failed += 1;
      else pending += 1;
    }
    deps.log.info('retried submission', { submissionId: record.id, deliveries: describeDeliveries(after.deliveries) });
  }
  return { examined: due.length, attempted, sent, failed, pending, outOfTime };
}
