import { describe, expect, it } from 'vitest';
import { contactMessageSchema, emptyContactForm, industries } from '@shared/contract/schemas/contact-message';
import { firstMessages, textRuleTests } from '../../../../helpers/field-rules';
import { contactMessage } from '../../../../helpers/records';

const validContact = contactMessage();

describe('contact message schema (spec section 5)', () => {
  it('accepts a complete message with newsletter defaulting to false', () => {
    const { newsletter: _unset, ...withoutNewsletter } = validContact;
    expect(contactMessageSchema.parse(withoutNewsletter).newsletter).toBe(false);
    expect(contactMessageSchema.parse({ ...validContact, newsletter: true }).newsletter).toBe(true);
  });

  it('gives every message for an empty form', () => {
    expect(
      firstMessages(contactMessageSchema, emptyContactForm),
    ).toEqual({
      name: 'Name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      company: 'Company name is required.',
      industry: 'Please select your industry.',
      teamSize: 'Please select your team size.',
      subject: 'Subject is required.',
      message: 'Please provide more details in your message.',
    });
  });

  it('applies the subject and message minimums at their boundaries', () => {
    expect(firstMessages(contactMessageSchema, { ...validContact, subject: 'Help' }).subject).toBe('Subject is required.');
    expect(contactMessageSchema.safeParse({ ...validContact, subject: 'Hello' }).success).toBe(true);
    expect(firstMessages(contactMessageSchema, { ...validContact, message: 'x'.repeat(19) }).message).toBe('Please provide more details in your message.');
    expect(contactMessageSchema.safeParse({ ...validContact, message: 'x'.repeat(20) }).success).toBe(true);
  });

  it('knows the industries of section 3', () => {
    expect(industries.map((i) => i.value)).toEqual(['technology', 'healthcare', 'finance', 'retail', 'manufacturing', 'other']);
    expect(firstMessages(contactMessageSchema, { ...validContact, industry: 'mining' }).industry).toBe('Please select your industry.');
  });

  it('keeps the subject on one line and free of markup', () => {
    expect(firstMessages(contactMessageSchema, { ...validContact, subject: 'Hi\r\nBcc: victim@example.com' }).subject).toBe('Subject must stay on one line.');
    expect(firstMessages(contactMessageSchema, { ...validContact, subject: '<b>Urgent</b> offer' }).subject).toBe('Subject must not contain HTML tags.');
    expect(firstMessages(contactMessageSchema, { ...validContact, newsletter: 'yes' }).newsletter).toBe('Please choose yes or no.');
  });
});

describe('the character rules on the contact form (shared/contract/schemas/fields.ts)', () => {
  textRuleTests(contactMessageSchema, validContact, [
    { key: 'name', label: 'Name' },
    { key: 'company', label: 'Company' },
    { key: 'subject', label: 'Subject' },
    { key: 'message', label: 'Message', multiLine: true },
  ]);
});
