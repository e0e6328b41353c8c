/**
 * The profile a confirmed account starts with takes the username chosen at sign-up only when it passes the
 * profile's rule: an account signed up before the pre-sign-up trigger could carry markup, a direction override
 * or 300 characters in `preferred_username`, and the profile row is what the site shows.
 */
import { describe, expect, it } from 'vitest';
import type { Profile } from '@shared/contract/schemas/profile';
import { usernameField } from '@shared/contract/schemas/auth';
import { createProfileOnConfirmation, type ProfileCreation } from '../../../../../lambdas/domain/accounts/profile';

function memoryStore(): ProfileCreation & { rows: Map<string, Profile> } {
  const rows = new Map<string, Profile>();
  return {
    rows,
    createIfAbsent: async (profile) => {
      if (rows.has(profile.id)) return false;
      rows.set(profile.id, profile);
      return true;
    },
  };
}

const now = () => new Date('2026-01-02T03:04:05.000Z');

async function created(preferredUsername: string | undefined, email = 'grace.hopper@example.com'): Promise<string> {
  const store = memoryStore();
  const { profile } = await createProfileOnConfirmation(store, { sub: 'sub-1', preferredUsername, email }, now);
  return profile.username;
}

describe('the username of a new profile', () => {
  it('is the one chosen at sign-up, trimmed', async () => {
    expect(await created('  Grace ')).toBe('Grace');
  });

  const bad: [string, string][] = [
    ['an image tag', '<img src=x onerror=alert(1)>'],
    ['a right-to-left override', 'ab\u202egnp.exe'],
    ['CR/LF', 'Ada\r\nBcc: victim@example.com'],
    ['300 characters', 'a'.repeat(300)],
  ];
  for (const [what, username] of bad) {
    it(`falls back on the e-mail's local part when the chosen one has ${what}`, async () => {
      expect(await created(username)).toBe('grace.hopper');
    });
  }

  it('always passes the rule, whatever the e-mail looks like', async () => {
    for (const email of ['a@example.com', `${'x'.repeat(64)}@example.com`, '"<b>"@example.com', 'no-at-sign']) {
      const username = await created('<b>', email);
      expect(usernameField.safeParse(username).success, `${email} -> ${username}`).toBe(true);
    }
  });
});
