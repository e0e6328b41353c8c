import { describe, expect, it } from 'vitest';
import { promptRequestSchema } from '@shared/contract/schemas/prompt';

describe('the prompt request', () => {
  // Its fields are ids: the id pattern ([a-z0-9-]) already refuses every character the text rules refuse.
  it.each(['\u0000', '\u001b', '\r\n', '\u202e', '\u2066', '<b>', '\ud800'])('refuses %j in an id', (bad) => {
    expect(promptRequestSchema.safeParse({ appId: `app${bad}x` }).success).toBe(false);
    expect(promptRequestSchema.safeParse({ appId: 'app', sessionId: `cs_test${bad}x` }).success).toBe(false);
  });
});
