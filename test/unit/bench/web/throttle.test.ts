/**
 * bench:web's reading of what the CPU throttle costs the machine (test/bench/web/throttle.ts): the share of a core
 * the renderers used between two readings of Chromium's process info.
 */
import { describe, expect, it } from 'vitest';
import { coreShare } from '../../../bench/web/throttle';

describe("the renderers' share of a core", () => {
  it('adds up the CPU time every renderer used between the readings, over the time between them', () => {
    const before = new Map([
      [11, 1.5],
      [12, 0.25],
    ]);
    const after = new Map([
      [11, 3.4],
      [12, 0.35],
    ]);
    expect(coreShare(before, after, 2)).toBeCloseTo(1);
  });

  it('counts a renderer that started between the readings from zero, and one that ended not at all', () => {
    const before = new Map([[11, 4]]);
    const after = new Map([[13, 0.5]]);
    expect(coreShare(before, after, 1)).toBeCloseTo(0.5);
  });

  it('answers 0 for readings taken at the same moment', () => {
    expect(coreShare(new Map([[11, 1]]), new Map([[11, 1]]), 0)).toBe(0);
  });
});
