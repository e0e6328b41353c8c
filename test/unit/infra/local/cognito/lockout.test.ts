/** Cognito's lockout as the local Cognito plays it (infra/local/cognito/lockout.ts), on a clock of its own. */
import { describe, expect, it } from 'vitest';
import { userPool } from '@shared/deployment/manifest';
import { Lockout } from '../../../../../infra/local/cognito/lockout';

function lockout() {
  let now = 1_000_000;
  const l = new Lockout(userPool.lockout, () => now);
  return { l, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('Lockout', () => {
  it('lets the first 5 failures pass, then locks for 1 s, doubling with each failure after a lock', () => {
    const { l, advance } = lockout();
    for (let i = 0; i < 4; i++) {
      l.failed('u');
      expect(l.isLocked('u')).toBe(false);
    }
    l.failed('u');
    expect(l.isLocked('u')).toBe(true);
    advance(1.01);
    expect(l.isLocked('u')).toBe(false);
    l.failed('u');
    advance(1.9);
    expect(l.isLocked('u')).toBe(true);
    advance(0.2);
    expect(l.isLocked('u')).toBe(false);
    l.failed('u');
    advance(3.9);
    expect(l.isLocked('u')).toBe(true);
    // Other users and flows are not affected.
    expect(l.isLocked('v')).toBe(false);
  });

  it('never locks for more than about 15 minutes', () => {
    const { l, advance } = lockout();
    for (let i = 0; i < 30; i++) l.failed('u');
    advance(899);
    expect(l.isLocked('u')).toBe(true);
    advance(2);
    expect(l.isLocked('u')).toBe(false);
  });

  it('starts again after a success, or after 15 minutes without attempts', () => {
    const { l, advance } = lockout();
    for (let i = 0; i < 4; i++) l.failed('u');
    l.succeeded('u');
    l.failed('u');
    expect(l.isLocked('u')).toBe(false);
    for (let i = 0; i < 3; i++) l.failed('u');
    advance(901);
    l.failed('u');
    expect(l.isLocked('u')).toBe(false);
  });
});
