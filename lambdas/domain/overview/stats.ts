/** The overview's statistics of minutes to a first answer, one definition for the figures and their recount. */
import type { AnswerFigures } from '@shared/contract/staff-overview';

/** Minutes in the 24 hours the site promises an answer within. */
export const PROMISE_MINUTES = 24 * 60;

/** The nearest-rank percentile `p` (0-100] of ascending `sorted`; null for none. */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * The figures of a set of leads: `minutes` to each timed first answer, and `overdueOpen` leads still unanswered
 * whose 24 hours are over (judged, not within 24 hours).
 */
export function answerFigures(minutes: readonly number[], overdueOpen = 0): AnswerFigures {
  // A typed array sorts numbers natively, without a comparator: tens of thousands of minutes in a few milliseconds.
  const sorted = Float64Array.from(minutes).sort();
  let within24 = 0;
  while (within24 < sorted.length && (sorted[within24] as number) < PROMISE_MINUTES) within24 += 1;
  const judged = sorted.length + overdueOpen;
  return {
    answered: sorted.length,
    medianMinutes: percentile(sorted, 50),
    p90Minutes: percentile(sorted, 90),
    within24,
    judged,
    shareWithin24: judged === 0 ? null : within24 / judged,
  };
}
