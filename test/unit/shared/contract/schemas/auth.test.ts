import { describe, expect, it } from 'vitest';
import { messagesByField, textRuleTests } from '../../../../helpers/field-rules';
import {
  authenticatorCodeSchema,
  passwordChangeSchema,
  passwordResetSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
  staffPasswordChangeSchema,
} from '@shared/contract/schemas/auth';

const messages = messagesByField;

describe('sign-in', () => {
  it('accepts an e-mail and a 6-character password', () => {
    expect(signInSchema.safeParse({ email: ' ada@example.com ', password: 'secret' })).toEqual({
      success: true,
      data: { email: 'ada@example.com', password: 'secret' },
    });
  });

  it('names a short password and an invalid e-mail with the spec texts', () => {
    expect(messages(signInSchema.safeParse({ email: 'ada', password: '12345' }))).toEqual({
      email: ['Please enter a valid email address.'],
      password: ['Password must be at least 6 characters'],
    });
  });
});

describe('sign-up', () => {
  const valid = { username: 'ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a complete sign-up', () => {
    expect(signUpSchema.safeParse(valid).success).toBe(true);
  });

  it("puts \"Passwords don't match\" on confirmPassword", () => {
    expect(messages(signUpSchema.safeParse({ ...valid, confirmPassword: 'secret2' }))).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });

  it('requires a 3-character username and 6-character passwords', () => {
    expect(messages(signUpSchema.safeParse({ username: ' ab ', email: 'x@y', password: '1', confirmPassword: '1' }))).toEqual({
      username: ['Username must be at least 3 characters'],
      email: ['Please enter a valid email address.'],
      password: ['Password must be at least 6 characters'],
      confirmPassword: ['Confirm password must be at least 6 characters'],
    });
  });
});

describe('reset request', () => {
  it('requires a valid e-mail', () => {
    expect(resetRequestSchema.safeParse({ email: 'ada@example.com' }).success).toBe(true);
    expect(messages(resetRequestSchema.safeParse({ email: '' }))).toEqual({ email: ['Please enter a valid email address.'] });
  });
});

describe('password reset and change', () => {
  it('reset: both passwords at least 6 and equal', () => {
    expect(passwordResetSchema.safeParse({ password: 'newpass', confirmPassword: 'newpass' }).success).toBe(true);
    expect(messages(passwordResetSchema.safeParse({ password: 'abc', confirmPassword: 'abc' }))).toEqual({
      password: ['Password must be at least 6 characters'],
      confirmPassword: ['Confirm password must be at least 6 characters'],
    });
    expect(messages(passwordResetSchema.safeParse({ password: 'newpass', confirmPassword: 'newpasz' }))).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });

  it('change: also needs the current password', () => {
    expect(
      messages(passwordChangeSchema.safeParse({ currentPassword: '', password: 'newpass', confirmPassword: 'newpass' })),
    ).toEqual({ currentPassword: ['Please enter your current password'] });
    expect(
      passwordChangeSchema.safeParse({ currentPassword: 'oldpass', password: 'newpass', confirmPassword: 'newpass' }).success,
    ).toBe(true);
  });
});

describe('staff', () => {
  it("change a password to at least 12 characters; a visitor's 6 stay enough for visitors", () => {
    const change = (password: string) => ({ currentPassword: 'oldpass', password, confirmPassword: password });
    expect(messages(staffPasswordChangeSchema.safeParse(change('elevenchars')))).toEqual({ password: ['Staff passwords must be at least 12 characters'] });
    expect(staffPasswordChangeSchema.safeParse(change('twelve-chars')).success).toBe(true);
    expect(passwordChangeSchema.safeParse(change('sixsix')).success).toBe(true);
  });

  it("type the authenticator app's 6-digit code (spaces around it trimmed)", () => {
    expect(authenticatorCodeSchema.safeParse({ code: ' 123456 ' })).toEqual({ success: true, data: { code: '123456' } });
    for (const code of ['12345', '1234567', '12345a', '']) {
      expect(messages(authenticatorCodeSchema.safeParse({ code }))).toEqual({ code: ['Enter the 6-digit code from your authenticator app'] });
    }
  });
});

describe('the character rules on the username (shared/contract/schemas/fields.ts)', () => {
  textRuleTests(signUpSchema, { username: 'grace', email: 'grace@example.com', password: 'secret1', confirmPassword: 'secret1' }, [
    { key: 'username', label: 'Username' },
  ]);
});
