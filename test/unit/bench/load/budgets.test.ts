/**
 * bench:load's speed budgets (test/bench/load/budgets.ts): ratios within one run. That the whole bench exits 1
 * when the visitor's answer waits on delivery is proven end to end by test/integration/bench/load.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { latencyRatioBudget, slowWebhookRatios, staticShare, staticShareFloor } from '../../../bench/load/budgets';

describe('slow-webhook p99 against the normal p99 of the same run', () => {
  const normal = new Map([
    ['demo', 676],
    ['contact', 542],
    ['idea', 425],
  ]);

  it('passes a slow machine whose answers do not wait on delivery (the issue\'s figures)', () => {
    const ratios = slowWebhookRatios(normal, new Map([['demo', 770], ['contact', 340], ['idea', 415]]));
    expect(ratios.map((r) => r.met)).toEqual([true, true, true]);
    expect(ratios[0]?.ratio).toBeCloseTo(770 / 676);
  });

  it('fails a form whose answer waits on a slow webhook, however fast the machine', () => {
    const ratios = slowWebhookRatios(new Map([['idea', 40]]), new Map([['idea', 5040]]));
    expect(ratios).toEqual([{ endpoint: 'idea', normalP99: 40, slowP99: 5040, ratio: 126, met: false }]);
  });

  it('allows exactly the budget', () => {
    expect(slowWebhookRatios(new Map([['demo', 100]]), new Map([['demo', 100 * latencyRatioBudget]]))[0]?.met).toBe(true);
    expect(slowWebhookRatios(new Map([['demo', 100]]), new Map([['demo', 100 * latencyRatioBudget + 1]]))[0]?.met).toBe(false);
  });

  it('judges only forms measured in both phases', () => {
    expect(slowWebhookRatios(normal, new Map([['idea', 400]])).map((r) => r.endpoint)).toEqual(['idea']);
  });
});

describe("throughput as a share of the static file's", () => {
  it('meets the floor at or above it', () => {
    expect(staticShare(359, 3085)).toEqual({ share: 359 / 3085, met: true });
    expect(staticShare(staticShareFloor * 1000, 1000).met).toBe(true);
  });

  it('misses it below, and when nothing was measured', () => {
    expect(staticShare(10, 3085).met).toBe(false);
    expect(staticShare(0, 0).met).toBe(false);
  });
});
