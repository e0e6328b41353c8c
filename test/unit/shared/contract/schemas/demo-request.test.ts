import { describe, expect, it } from 'vitest';
import { demoInterests, demoRequestFieldsSchema, demoRequestSchema, emptyDemoForm, preferredTimes, teamSizes } from '@shared/contract/schemas/demo-request';
import { firstMessages, textRuleTests } from '../../../../helpers/field-rules';
import { demoRequest } from '../../../../helpers/records';

const validDemo = demoRequest({ interests: ['sdr', 'custom'] });

describe('demo request schema (spec section 5)', () => {
  it('accepts a complete request and defaults files to none', () => {
    const parsed = demoRequestSchema.parse(validDemo);
    expect(parsed.files).toEqual([]);
    expect(parsed.interests).toEqual(['sdr', 'custom']);
  });

  it('gives every spec message word for word for an empty form', () => {
    expect(
      firstMessages(demoRequestFieldsSchema, emptyDemoForm),
    ).toEqual({
      name: 'Name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      company: 'Company name is required.',
      jobTitle: 'Job title is required.',
      teamSize: 'Please select your team size.',
      interests: 'Please select at least one area of interest.',
      message: 'Please provide more details about your needs.',
      preferredTime: 'Please select your preferred meeting time.',
      consent: 'You must accept the terms.',
    });
  });

  it('applies the minimum lengths at their boundaries', () => {
    expect(firstMessages(demoRequestSchema, { ...validDemo, name: 'A' }).name).toBe('Name must be at least 2 characters.');
    expect(demoRequestSchema.safeParse({ ...validDemo, name: 'Al' }).success).toBe(true);
    expect(firstMessages(demoRequestSchema, { ...validDemo, phone: '123456789' }).phone).toBe('Please enter a valid phone number.');
    expect(demoRequestSchema.safeParse({ ...validDemo, phone: '1234567890' }).success).toBe(true);
    expect(firstMessages(demoRequestSchema, { ...validDemo, message: '123456789' }).message).toBe('Please provide more details about your needs.');
    expect(demoRequestSchema.safeParse({ ...validDemo, message: '1234567890' }).success).toBe(true);
    // Spaces around a value do not count towards its length.
    expect(firstMessages(demoRequestSchema, { ...validDemo, company: ' A ' }).company).toBe('Company name is required.');
  });

  it('knows the enumerations of section 3 and nothing else', () => {
    expect(demoInterests.map((i) => i.label)).toEqual([
      'SDR/Lead Qualification',
      'Customer Support',
      'Email Management',
      'Social Media Management',
      'Website Design',
      'Custom Solution',
    ]);
    expect(teamSizes).toEqual(['1-10', '11-50', '51-200', '201-500', '500+']);
    expect(preferredTimes.map((t) => t.label)).toEqual([
      'Morning (9 AM - 12 PM EST)',
      'Afternoon (1 PM - 5 PM EST)',
      'Evening (6 PM - 9 PM EST)',
    ]);
    expect(firstMessages(demoRequestSchema, { ...validDemo, interests: ['crypto'] }).interests).toBe('Please select at least one area of interest.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, interests: ['sdr', 'sdr'] }).interests).toBe('Please select at least one area of interest.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, teamSize: '1000' }).teamSize).toBe('Please select your team size.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, preferredTime: 'night' }).preferredTime).toBe('Please select your preferred meeting time.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, consent: 'yes' }).consent).toBe('You must accept the terms.');
  });

  it('refuses markup, line breaks in one-line fields and huge strings', () => {
    expect(firstMessages(demoRequestSchema, { ...validDemo, name: '<script>alert(1)</script>' }).name).toBe('Name must not contain HTML tags.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, message: 'Hello <img src=x onerror=alert(1)> there' }).message).toBe('Message must not contain HTML tags.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, name: 'Ann\r\nBcc: victim@example.com' }).name).toBe('Name must stay on one line.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, email: 'ann@example.com\r\nBcc: victim@example.com' }).email).toBe('Please enter a valid email address.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, name: 'x'.repeat(101) }).name).toBe('Please keep this under 100 characters.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, message: 'x'.repeat(5001) }).message).toBe('Please keep this under 5000 characters.');
    // Ordinary text with angle brackets and line breaks is fine in the message.
    expect(demoRequestSchema.safeParse({ ...validDemo, message: 'Budget < 5k and > 1k.\nThanks!' }).success).toBe(true);
  });

  it('accepts only upload keys the uploads API issues, at most 5, no repeats', () => {
    const key = (n: number) => `incoming/0f8fad5b-d9cb-469f-a165-70867728950${n}/deck ${n}.pdf`;
    expect(demoRequestSchema.parse({ ...validDemo, files: [key(1), key(2)] }).files).toHaveLength(2);
    expect(firstMessages(demoRequestSchema, { ...validDemo, files: ['attachments/x/1-a.pdf'] }).files).toBe('Unknown upload.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, files: ['incoming/../../etc/passwd'] }).files).toBe('Unknown upload.');
    expect(firstMessages(demoRequestSchema, { ...validDemo, files: [1, 2, 3, 4, 5, 6].map(key) }).files).toBe('You can upload up to 5 files');
    expect(firstMessages(demoRequestSchema, { ...validDemo, files: [key(1), key(1)] }).files).toBe('The same file was attached twice.');
  });
});

describe('the character rules on the demo form (shared/contract/schemas/fields.ts)', () => {
  textRuleTests(demoRequestSchema, validDemo, [
    { key: 'name', label: 'Name' },
    { key: 'company', label: 'Company' },
    { key: 'jobTitle', label: 'Job title' },
    { key: 'message', label: 'Message', multiLine: true },
  ]);
});
