import { describe, expect, it } from 'vitest';
import { paymentRequestSchema } from '@shared/contract/schemas/payment';
import { promptRequestSchema } from '@shared/contract/schemas/prompt';
import { textRuleTests } from '../../../../helpers/field-rules';

const validPayment = { type: 'marketplace', productId: 'ai-agent-prompt', appName: 'AI System Prompt Generator' };

describe('the character rules on the payment request (shared/contract/schemas/fields.ts)', () => {
  textRuleTests(paymentRequestSchema, validPayment, [
    { key: 'productId', label: 'Product' },
    { key: 'appName', label: 'App name' },
  ]);

  it('keeps its own message for a missing product', () => {
    expect(paymentRequestSchema.safeParse({ ...validPayment, productId: ' ' }).error?.issues.map((i) => i.message)).toEqual(['Please choose a product.']);
  });
});

describe('the prompt request', () => {
  // Its fields are ids: the id pattern ([a-z0-9-]) already refuses every character the text rules refuse.
  it.each(['\u0000', '\u001b', '\r\n', '\u202e', '\u2066', '<b>', '\ud800'])('refuses %j in an id', (bad) => {
    expect(promptRequestSchema.safeParse({ appId: `app${bad}x` }).success).toBe(false);
    expect(promptRequestSchema.safeParse({ appId: 'app', sessionId: `cs_test${bad}x` }).success).toBe(false);
  });
});
