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
import { contactMessage, demoRequest, idea } from '../../../../helpers/records';

describe('the honeypot field', () => {
  it('is named like a field bots fill in', () => {
    expect(HONEYPOT_FIELD).toBe('website');
  });

  for (const [name, schema, body] of [
    ['demo request', demoRequestSchema, demoRequest()],
    ['contact message', contactMessageSchema, contactMessage()],
    ['idea', ideaRequestSchema, idea()],
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
