/**
 * The honeypot field (shared/contract/schemas/honeypot.ts) as the demo, contact and idea schemas take it: optional, any
 * string accepted (a bot must not learn from a 400 what gave it away), and `isHoneypotFilled` tells a bot's
 * submission from a person's.
 */
import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '@shared/contract/schemas/contact-message';
import { demoRequestSchema } from '@shared/contract/schemas/demo-request';
import { HONEYPOT_FIELD, isHoneypotFilled } from '@shared/contract/schemas/honeypot';
import { ideaRequestSchema } from '@shared/contract/schemas/idea';

const demo = {
  name: 'Dana Demo',
  email: 'dana@example.com',
  phone: '+1 555 010 2030',
  company: 'Globex',
  jobTitle: 'Operations Lead',
  teamSize: '51-200',
  interests: ['support'],
  message: 'Our support inbox gets 500 mails a day.',
  preferredTime: 'morning',
  consent: true,
};
const contact = {
  name: 'Casey Contact',
  email: 'casey@example.com',
  phone: '(555) 123-9876',
  company: 'Hooli',
  industry: 'healthcare',
  teamSize: '1-10',
  subject: 'A question',
  message: 'Can your agents book appointments for a small clinic?',
};
const idea = {
  title: 'Shift planner',
  description: 'An assistant that plans the weekly shifts of a small clinic.',
  targetUsers: 'Clinic managers',
  businessType: 'Healthcare',
  budget: 'Not sure yet',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
};

describe('the honeypot field', () => {
  it('is named like a field bots fill in', () => {
    expect(HONEYPOT_FIELD).toBe('website');
  });

  for (const [name, schema, body] of [
    ['demo request', demoRequestSchema, demo],
    ['contact message', contactMessageSchema, contact],
    ['idea', ideaRequestSchema, idea],
  ] as const) {
    it(`the ${name} schema accepts it absent, empty or filled, and keeps its value`, () => {
      expect(schema.safeParse(body).success).toBe(true);
      expect(schema.safeParse({ ...body, website: '' }).success).toBe(true);
      const filled = schema.safeParse({ ...body, website: 'https://spam.example <b>' + 'x'.repeat(5000) });
      expect(filled.success).toBe(true);
      expect(isHoneypotFilled(filled.data)).toBe(true);
      expect(schema.safeParse({ ...body, website: 42 }).success).toBe(false);
    });
  }

  it('isHoneypotFilled: only a non-blank string counts', () => {
    expect(isHoneypotFilled({ website: 'http://x.example' })).toBe(true);
    expect(isHoneypotFilled({ website: '' })).toBe(false);
    expect(isHoneypotFilled({ website: '   ' })).toBe(false);
    expect(isHoneypotFilled({ name: 'Ada' })).toBe(false);
    expect(isHoneypotFilled(null)).toBe(false);
    expect(isHoneypotFilled('website')).toBe(false);
  });
});
