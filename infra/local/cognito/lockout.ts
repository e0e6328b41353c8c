/**
 * Cognito's lockout of guessing, as the local Cognito plays it (shared/deployment/manifest.ts `userPool.lockout`):
 * per user and flow, the first `freeFailures` failures cost nothing; from then on each failure locks the flow for
 * `firstLockSeconds`, doubling with every further failure, up to `maxLockSeconds`. Attempts while locked are
 * refused whatever they carry and do not count; a success outside a lock, or `forgetAfterSeconds` without any
 * attempt, starts the count again. Plain logic over a clock: no part of cognito-local is needed (./overrides/lockout.ts
 * wraps the targets with it).
 */
export interface LockoutPolicy {
  readonly freeFailures: number;
  readonly firstLockSeconds: number;
  readonly maxLockSeconds: number;
  readonly forgetAfterSeconds: number;
}

interface Count {
  failures: number;
  lockedUntil: number;
  lastAttempt: number;
}

export class Lockout {
  private readonly counts = new Map<string, Count>();

  constructor(
    private readonly policy: LockoutPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** The count for `key`, forgotten after a quiet spell (which also drops keys nobody uses any more). */
  private count(key: string): Count | undefined {
    const now = this.now();
    const count = this.counts.get(key);
    if (count && now - count.lastAttempt > this.policy.forgetAfterSeconds * 1000) {
      this.counts.delete(key);
      return undefined;
    }
    if (this.counts.size > 10_000) {
      for (const [k, c] of this.counts) if (now - c.lastAttempt > this.policy.forgetAfterSeconds * 1000) this.counts.delete(k);
    }
    return count;
  }

  /** Whether an attempt for `key` is refused now; an attempt while locked does not count but keeps the count alive. */
  isLocked(key: string): boolean {
    const count = this.count(key);
    if (!count) return false;
    const now = this.now();
    if (now < count.lockedUntil) {
      count.lastAttempt = now;
      return true;
    }
    return false;
  }

  failed(key: string): void {
    const now = this.now();
    const count = this.count(key) ?? { failures: 0, lockedUntil: 0, lastAttempt: now };
    count.failures += 1;
    count.lastAttempt = now;
    const beyond = count.failures - this.policy.freeFailures;
    if (beyond >= 0) {
      const seconds = Math.min(this.policy.maxLockSeconds, this.policy.firstLockSeconds * 2 ** beyond);
      count.lockedUntil = now + seconds * 1000;
    }
    this.counts.set(key, count);
  }

  succeeded(key: string): void {
    this.counts.delete(key);
  }
}
