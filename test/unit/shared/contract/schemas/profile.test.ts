import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from '@shared/contract/schemas/profile';
import { messagesByField as messages, textRuleTests } from '../../../../helpers/field-rules';

describe('profile update', () => {
  it('trims and requires a 3-character username', () => {
    expect(profileUpdateSchema.parse({ username: '  grace ' })).toEqual({ username: 'grace' });
    expect(messages(profileUpdateSchema.safeParse({ username: 'ab' }))).toEqual({
      username: ['Username must be at least 3 characters'],
    });
  });

  it('refuses an id in the body: the id comes from the token only', () => {
    const result = profileUpdateSchema.safeParse({ username: 'grace', id: 'someone-else' });
    expect(result.success).toBe(false);
  });
});

describe('the character rules on the username (shared/contract/schemas/fields.ts)', () => {
  textRuleTests(profileUpdateSchema, { username: 'grace' }, [{ key: 'username', label: 'Username' }]);
});
