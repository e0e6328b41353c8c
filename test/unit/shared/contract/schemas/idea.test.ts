import { describe, expect, it } from 'vitest';
import { ideaBudgets, ideaBusinessTypes, ideaFieldsSchema, ideaRequestSchema } from '@shared/contract/schemas/idea';
import { checkFiles, fileRules } from '@shared/contract/uploads';
import { textRuleTests } from '../../../../helpers/field-rules';
import { idea } from '../../../../helpers/records';

const valid = idea();

/** zod's message per issue path (`files.0`, ...), the last one of each. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]));
}

describe('the idea form rules (spec section 5, first reading)', () => {
  it('accepts a complete idea and trims the texts', () => {
    const parsed = ideaFieldsSchema.parse({ ...valid, title: '  Shift planner  ' });
    expect(parsed.title).toBe('Shift planner');
  });

  it('gives every field its own message when the form is empty', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, '']));
    expect(messages(ideaFieldsSchema.safeParse(empty))).toEqual({
      title: 'App title must be at least 2 characters.',
      description: 'Please provide more details about your app idea.',
      targetUsers: 'Please describe your target users.',
      businessType: 'Please select a business sector.',
      budget: 'Please indicate your budget.',
      fullName: 'Full name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
    });
  });

  it.each([
    ['title', 'A', 'App title must be at least 2 characters.'],
    ['description', 'x'.repeat(19), 'Please provide more details about your app idea.'],
    ['targetUsers', 'abcd', 'Please describe your target users.'],
    ['fullName', 'A', 'Full name must be at least 2 characters.'],
    ['email', 'ada@', 'Please enter a valid email address.'],
    ['phone', '123456789', 'Please enter a valid phone number.'],
    ['businessType', 'Mining', 'Please select a business sector.'],
    ['budget', '$1', 'Please indicate your budget.'],
  ])('refuses %s = %j with its message', (field, value, message) => {
    expect(messages(ideaFieldsSchema.safeParse({ ...valid, [field]: value }))).toEqual({ [field]: message });
  });

  it('takes the boundary lengths', () => {
    expect(ideaFieldsSchema.safeParse({ ...valid, title: 'AI', description: 'x'.repeat(20), targetUsers: 'abcde', fullName: 'Al', phone: '0123456789' }).success).toBe(true);
  });

  it('lists the 11 business types and 7 budgets of section 3', () => {
    expect(ideaBusinessTypes).toHaveLength(11);
    expect(ideaBusinessTypes).toContain('Food & Beverage');
    expect(ideaBudgets).toEqual(['Under $5,000', '$5,000 - $10,000', '$10,000 - $25,000', '$25,000 - $50,000', '$50,000 - $100,000', 'Over $100,000', 'Not sure yet']);
    for (const b of ideaBusinessTypes) expect(ideaFieldsSchema.safeParse({ ...valid, businessType: b }).success).toBe(true);
    for (const b of ideaBudgets) expect(ideaFieldsSchema.safeParse({ ...valid, budget: b }).success).toBe(true);
  });

  it('caps huge texts with a clear message', () => {
    expect(messages(ideaFieldsSchema.safeParse({ ...valid, description: 'x'.repeat(5001) }))).toEqual({
      description: 'Please keep this under 5000 characters.',
    });
  });

  it('the API takes at most 5 upload keys of the upload area and no unknown fields', () => {
    const key = (n: number) => `incoming/00000000-0000-4000-8000-00000000000${n}/doc${n}.pdf`;
    expect(ideaRequestSchema.safeParse({ ...valid, files: [key(1), key(2)] }).success).toBe(true);
    expect(ideaRequestSchema.parse(valid).files).toEqual([]);
    expect(messages(ideaRequestSchema.safeParse({ ...valid, files: [1, 2, 3, 4, 5, 6].map(key) }))).toEqual({ files: 'You can upload up to 5 files' });
    expect(messages(ideaRequestSchema.safeParse({ ...valid, files: ['attachments/x/secret.pdf'] }))).toEqual({ 'files.0': 'Unknown upload.' });
    expect(ideaRequestSchema.safeParse({ ...valid, submittedAt: '1999-01-01T00:00:00Z' }).success).toBe(false);
  });
});

describe('the idea file picker rules', () => {
  const file = (name: string, size = 1000, type = '') => ({ name, size, type });

  it('accepts the six formats up to 10MB each, up to 5', () => {
    expect(fileRules.idea.accept).toBe('.csv,.xlsx,.pptx,.pdf,.txt,.mp3');
    expect(checkFiles('idea', ['a.csv', 'b.xlsx', 'c.pptx', 'd.pdf', 'e.mp3'].map((n) => file(n)))).toBeUndefined();
    expect(checkFiles('idea', [file('a.txt', 10 * 1024 * 1024)])).toBeUndefined();
  });

  it("answers the picker's two messages", () => {
    expect(checkFiles('idea', [1, 2, 3, 4, 5, 6].map((n) => file(`${n}.pdf`)))).toBe('You can only upload up to 5 files');
    expect(checkFiles('idea', [file('a.pdf', 10 * 1024 * 1024 + 1)])).toBe('One or more files have invalid format or are too large (max 10MB)');
    expect(checkFiles('idea', [file('photo.png')])).toBe('One or more files have invalid format or are too large (max 10MB)');
  });
});

describe('the character rules on the idea form (shared/contract/schemas/fields.ts)', () => {
  textRuleTests(ideaRequestSchema, valid, [
    { key: 'title', label: 'App title' },
    { key: 'description', label: 'Description', multiLine: true },
    { key: 'targetUsers', label: 'Target users', multiLine: true },
    { key: 'fullName', label: 'Full name' },
  ]);

  it("refuses a phone that is not a phone, with the demo form's rule and message", () => {
    for (const phone of ['call me maybe!', '<b>5551234567</b>', '555\u0000123\u00004567', '555-123-4567\r\nBcc: x', '12345']) {
      expect(ideaRequestSchema.safeParse({ ...valid, phone }).error?.issues.map((i) => i.message)).toContain('Please enter a valid phone number.');
    }
    expect(ideaRequestSchema.safeParse({ ...valid, phone: '+44 (20) 7946-0958' }).success).toBe(true);
  });
});
